/** Who is looking at a photo (from the verified token). */
export interface PhotoViewer {
  email: string;
  isAdmin: boolean;
}

/**
 * A child's photo is personal data: it is served to the child it shows and to admins, never to anyone
 * who merely holds its link (ARCHITECTURE "Children's data").
 */
export function canSeePhoto(viewer: PhotoViewer, owner: string): boolean {
  return viewer.isAdmin || owner === viewer.email.toLowerCase();
}
