/** Who is looking at a photo (from the verified token). */
export interface PhotoViewer {
  email: string;
  isAdmin: boolean;
}

/**
 * A child's photo is personal data: it is served to the child it shows and to admins, never to anyone
 * who merely holds its link (ARCHITECTURE "Children's data"). A photo without a recorded owner is
 * older than this rule and is shown to admins only.
 */
export function canSeePhoto(viewer: PhotoViewer, owner: string | null): boolean {
  return viewer.isAdmin || (owner !== null && owner === viewer.email.toLowerCase());
}
