import { usePrivatePicture } from '@kidslearn/kit/platform';
import type { FamilyChild } from '../../api/family-api';

/** The child's photo (private: fetched with the parent's token), or their initial while it loads or when there is none. */
export function ChildPhoto({ child, size = 64 }: { child: Pick<FamilyChild, 'name' | 'img'>; size?: number }) {
  const src = usePrivatePicture(child.img ?? undefined);
  // The name is always written next to the picture: the picture itself says nothing more.
  return src ? (
    <img className="fam-photo" src={src} alt="" width={size} height={size} />
  ) : (
    <span className="fam-photo fam-initial" aria-hidden="true" style={{ width: size, height: size }}>
      {child.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
