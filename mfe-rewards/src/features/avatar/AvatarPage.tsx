import { useCurrentUser, useFeedback } from '@kidslearn/kit/platform';
import { Button, Carousel, Spinner } from '@kidslearn/kit/ui';
import { useRewardsApi } from '../../api/rewards-api';
import { messages } from '../../messages';
import { ParentCard } from '../parent/ParentCard';

/** SPEC §2 /avater: a carousel of avatars, each with 'Add'; choosing one saves it and says so. */
export function AvatarPage() {
  const api = useRewardsApi();
  const { email, img } = useCurrentUser();
  const feedback = useFeedback();
  const avatars = api.useRewardsAvatarsQuery();
  const [changeAvatar, { isLoading }] = api.useRewardsChangeAvatarMutation();
  if (avatars.isError) console.error('Loading the avatars failed', avatars.error);

  const choose = async (chosen: string) => {
    if (!email) return;
    try {
      await changeAvatar({ email, img: chosen }).unwrap();
      void feedback.alert({ title: messages.avatar.changedTitle, icon: 'success', timer: 2000 });
    } catch (error) {
      // SPEC §8: only logged.
      console.error('Saving the avatar failed', error);
    }
  };

  const items = avatars.data ?? [];
  return (
    <div className="rwd-avatars">
      <h1>{messages.avatar.heading}</h1>
      {avatars.isLoading && <Spinner label={messages.loading} />}
      {items.length > 0 && (
        <Carousel
          items={items}
          itemKey={(avatar) => avatar.img}
          label={messages.avatar.carousel}
          cardWidth={220}
          labels={{ previous: messages.avatar.previous, next: messages.avatar.next, goTo: messages.avatar.goTo, position: messages.avatar.position }}
          renderItem={(avatar) => {
            const number = items.indexOf(avatar) + 1;
            return (
              <div className={`rwd-avatar-card${avatar.img === img ? ' is-current' : ''}`}>
                <img src={avatar.img} alt={messages.avatar.image(number)} width={140} height={140} />
                <Button variant="primary" disabled={isLoading} aria-label={messages.avatar.addAvatar(number)} onClick={() => void choose(avatar.img)}>
                  {messages.avatar.add}
                </Button>
              </div>
            );
          }}
        />
      )}
      {/* Below the carousel: shown once the carousel is in place (on a phone the card arriving first was pushed 140 px down). */}
      <ParentCard held={avatars.isLoading} />
    </div>
  );
}
