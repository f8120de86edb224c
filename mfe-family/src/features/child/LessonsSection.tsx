import { Table } from '@kidslearn/kit/ui';
import { useFamilyApi, type ChildLessonRow } from '../../api/family-api';
import { day } from '../../domain/dates';
import { gemsPerLesson } from '../../domain/lesson-gems';
import { messages } from '../../messages';
import { Section } from './Section';
import { isMissing, SectionStatus } from './SectionStatus';

const text = messages.lessons;

/** The child's lessons: best score, its date, the gems it earned and the child's place in the lesson's standings. */
export function LessonsSection({ linkId, name }: { linkId: string; name: string }) {
  const api = useFamilyApi();
  const learning = api.useFamilyChildLearningQuery(linkId);
  // The same query as the Gems section (one request): until it answers, the column shows nothing.
  const gems = api.useFamilyChildGemsQuery(linkId);
  const earned = gems.data ? gemsPerLesson(gems.data.lines) : undefined;
  const rows = learning.data?.lessons ?? (isMissing(learning) ? [] : undefined);
  return (
    <Section id="fam-lessons" title={text.heading}>
      <SectionStatus query={learning} />
      {rows?.length === 0 && <p className="fam-muted">{text.empty}</p>}
      {rows && rows.length > 0 && (
        <Table<ChildLessonRow>
          caption={text.caption(name)}
          rows={rows}
          rowKey={(row) => row.lessonId}
          columns={[
            { key: 'lesson', header: text.lesson, render: (row) => row.lessonHeading },
            { key: 'score', header: text.score, render: (row) => text.scoreOf(row.score, row.total) },
            { key: 'date', header: text.date, render: (row) => day(row.attemptedAt) },
            { key: 'gems', header: text.gems, render: (row) => (earned ? String(earned.get(row.lessonId) ?? 0) : '') },
            { key: 'standing', header: text.standing, render: (row) => (row.rank === null ? text.notRanked : text.standingOf(row.rank, row.learners)) },
          ]}
        />
      )}
    </Section>
  );
}
