import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Badge, Button, Spinner, Table } from '@kidslearn/kit/ui';
import type { StandingRow } from '../../api/learning-api';
import { useLearningApi } from '../../api/learning-api';
import { messages } from '../../messages';

/** SPEC §2: 'Quiz Standings', one button per lesson; the chosen lesson's table, first row highlighted. */
export function StandingsPage() {
  const api = useLearningApi();
  const lessons = api.useLearningLessonsQuery();
  const [lessonId, setLessonId] = useState<string>();
  const standings = api.useLearningStandingsQuery(lessonId ?? skipToken);
  // The server names each learner's own row in their results: row ids cannot be computed from an email.
  const ownResults = api.useLearningOwnResultsQuery();
  const ownRow = ownResults.data?.find((result) => result.lessonId === lessonId)?.standingId;

  if (lessons.isError) console.error('Loading the lessons failed', lessons.error);
  if (standings.isError) console.error('Loading the standings failed', standings.error);
  const chosen = lessons.data?.find((lesson) => lesson._id === lessonId);

  return (
    <div className="lrn-standings">
      <h1>{messages.standings.heading}</h1>
      {lessons.isLoading && <Spinner label={messages.loading} />}
      <ul className="lrn-lesson-choice" aria-label={messages.standings.chooseLesson}>
        {(lessons.data ?? []).map((lesson) => (
          <li key={lesson._id}>
            <Button variant={lesson._id === lessonId ? 'primary' : 'outline'} aria-pressed={lesson._id === lessonId} onClick={() => setLessonId(lesson._id)}>
              {lesson.lessonHeading}
            </Button>
          </li>
        ))}
      </ul>
      {chosen && standings.isFetching && !standings.data && <Spinner label={messages.loading} />}
      {chosen && standings.data && standings.data.length === 0 && <p className="lrn-empty">{messages.standings.empty}</p>}
      {chosen && standings.data && standings.data.length > 0 && (
        <Table<StandingRow>
          caption={messages.standings.caption(chosen.lessonHeading)}
          rows={standings.data}
          rowKey={(row) => row._id}
          isRowHighlighted={(_row, index) => index === 0}
          rowClassName={(row) => (row._id === ownRow ? 'lrn-own-row' : undefined)}
          columns={[
            { key: 'rank', header: messages.standings.rank, render: (_row, index) => index + 1 },
            {
              key: 'user',
              header: messages.standings.user,
              render: (row) => (
                <>
                  {row.userInfo.name} {row._id === ownRow && <Badge tone="info">{messages.standings.you}</Badge>}
                </>
              ),
            },
            { key: 'score', header: messages.standings.score, render: (row) => row.score },
            { key: 'total', header: messages.standings.total, render: (row) => row.total },
          ]}
        />
      )}
    </div>
  );
}
