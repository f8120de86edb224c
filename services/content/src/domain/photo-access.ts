/** Who is looking at a photo (from the verified token). */
export interface PhotoViewer {
  email: string;
  isAdmin: boolean;
}

/** The photo's child and their parent's consent (families). */
export interface PhotoFamily {
  /** PARENT_CONSENT=required */
  consentRequired: boolean;
  /** the parent who agreed, or null */
  consentedParent: string | null;
}

/**
 * A child's photo is personal data: it is served to the child it shows, to the parent who agreed, and to
 * admins, never to anyone who merely holds its link (ARCHITECTURE "Children's data"). Where consent is
 * required, admins see it only once a parent has agreed.
 */
export function canSeePhoto(viewer: PhotoViewer, owner: string, family: PhotoFamily = { consentRequired: false, consentedParent: null }): boolean {
  const email = viewer.email.toLowerCase();
  if (owner === email) return true;
  if (family.consentedParent !== null && family.consentedParent === email) return true;
  return viewer.isAdmin && (!family.consentRequired || family.consentedParent !== null);
}
