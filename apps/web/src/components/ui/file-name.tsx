/** A name's extension: a dot and 1-5 letters or digits at its end, after a non-empty base. */
const EXTENSION = /^(.+?)(\.[\p{L}\p{N}]{1,5})$/u;

/**
 * A document's name, isolated from the text around it (its own direction, whatever the page's), with
 * its extension kept together as left-to-right text: "القوائم المالية 2025.pdf" reads
 * "القوائم المالية" then "2025.pdf" on an Arabic page too, never "pdf.2025". The extension is an
 * embedding rather than an isolate so that digits ending the base stay beside it in one run.
 */
export function FileName({ name, id, className }: { name: string; id?: string; className?: string }) {
  const match = EXTENSION.exec(name);
  if (!match)
    return (
      <bdi id={id} className={className}>
        {name}
      </bdi>
    );
  return (
    <bdi id={id} className={className}>
      {match[1]}
      <span dir="ltr" className="[unicode-bidi:embed]">
        {match[2]}
      </span>
    </bdi>
  );
}
