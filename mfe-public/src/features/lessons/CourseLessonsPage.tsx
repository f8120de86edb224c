import { messages } from '../../messages';
import { usePublic } from '../../api/public-api';
import { Spinner } from '@kidslearn/kit/ui';

export function CourseLessonsPage() {
  const { api } = usePublic();
  // Failed lesson fetches are only logged (SPEC §8); the list stays empty.
  const { data: lessons = [], isLoading, isError, error } = api.useGetLessonsQuery();
  if (isError) console.error('Loading the lessons failed', error);
  return (
    <section className="pub-page">
      <h1>{messages.lessons.heading}</h1>
      {isLoading ? (
        <Spinner label={messages.loading} />
      ) : (
        <ul className="pub-lessons">
          {lessons.map((lesson, i) => (
            <li key={lesson._id} className="pub-lesson-card">
              <span className="pub-lesson-number" aria-hidden="true">{i + 1}</span>
              <h2>{lesson.lessonHeading}</h2>
              <p>{messages.lessons.subparts(lesson.parts?.length ?? 0)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
