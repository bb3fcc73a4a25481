/** Types of sign-in.mjs for the TypeScript benchmarks that import it. */
export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  xsrf: string;
  user: { id: number; [key: string]: unknown };
}
export function signIn(base: string, email: string, password: string): Promise<SignedIn>;
