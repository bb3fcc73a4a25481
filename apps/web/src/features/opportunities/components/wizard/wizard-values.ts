import {
  OPPORTUNITY_STEPS,
  type OpportunityDetail,
  type OpportunityFormValues,
} from '@safqa/shared/validation/opportunities';

export type StepKey = (typeof OPPORTUNITY_STEPS)[number]['key'];
/** The six steps of SPEC.md section 2, then the review before submitting. */
export const WIZARD_STEPS = [...OPPORTUNITY_STEPS.map((step) => step.key), 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** What the wizard holds: every input of the form (numbers may still be empty while typing). */
export type WizardValues = Partial<OpportunityFormValues>;

/** Display details of uploaded files that OpportunityInput does not carry (thumbnails, sizes). */
export interface FileMeta {
  images: Record<string, { thumbnailUrl: string | null }>;
  documents: Record<string, { size: number | null }>;
}

export const EMPTY_VALUES: WizardValues = {
  name: '',
  nameAr: '',
  type: 'invest',
  description: '',
  descriptionAr: '',
  logo: null,
  negotiable: false,
  waitForHighestOffer: false,
  verifiedBuyersOnly: false,
  images: [],
  documents: [],
  contactMemberName: '',
  contactPhone: '',
  contactEmail: '',
  extraDetails: '',
};

export const EMPTY_META: FileMeta = { images: {}, documents: {} };

/** The fields each step owns (from the shared step schemas), to send server errors to their step. */
export function stepOfField(field: string): StepKey | null {
  const root = field.split('.')[0]!;
  return OPPORTUNITY_STEPS.find((step) => Object.hasOwn(step.schema.shape, root))?.key ?? null;
}

/** The form values of an existing listing (edit mode), as OpportunityInput takes them back. */
export function valuesFromDetail(o: OpportunityDetail): { values: WizardValues; meta: FileMeta } {
  const values: WizardValues = {
    name: o.name,
    nameAr: o.nameAr,
    type: o.type,
    description: o.description,
    descriptionAr: o.descriptionAr,
    businessTypeId: o.businessType.id,
    logo: o.logo,
    regionId: o.region.id,
    cityId: o.city.id,
    facilitySize: o.facilitySize,
    facilityFoundationDay: o.facilityFoundationDay,
    employeesCount: o.employeesCount,
    branchesCount: o.branchesCount,
    companyAgeId: o.companyAge?.id ?? null,
    companySizeId: o.companySize?.id ?? null,
    offeredPercentage: o.offeredPercentage,
    requiredAmount: o.requiredAmount,
    negotiable: o.negotiable,
    waitForHighestOffer: o.waitForHighestOffer,
    verifiedBuyersOnly: o.verifiedBuyersOnly,
    ebitda: o.ebitda,
    yearlySales: o.yearlySales,
    yearlyOperationalCost: o.yearlyOperationalCost,
    expectedYearProfitPercentage: o.expectedYearProfitPercentage,
    images: o.images,
    documents: (o.documents ?? []).map((d) => ({ url: d.url, name: d.name, confidential: d.confidential })),
    contactMemberName: o.contactMemberName ?? '',
    contactPhone: o.contactPhone ?? '',
    contactEmail: o.contactEmail ?? '',
    extraDetails: o.extraDetails ?? '',
  };
  const meta: FileMeta = {
    images: Object.fromEntries(o.gallery.map((g) => [g.url, { thumbnailUrl: g.thumbnailUrl }])),
    documents: Object.fromEntries((o.documents ?? []).map((d) => [d.url, { size: d.size }])),
  };
  return { values, meta };
}
