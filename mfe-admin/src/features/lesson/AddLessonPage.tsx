import { useForm, useFieldArray, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createLessonSchema, LETTERS, type NewLesson } from '@kidslearn/contracts';
import { useFeedback } from '@kidslearn/kit/platform';
import { Badge, Button, Card, SelectField, TextArea, TextField } from '@kidslearn/kit/ui';
import { useAdminApi } from '../../api/admin-api';
import { messages } from '../../messages';
import { emptyLesson, emptyPart, emptyQuestion, lessonToSend, type LessonForm } from './lesson-form';

const m = messages.lesson;
// The schema reads the form as typed (an unchosen answer is '') and gives the lesson to send.
const resolver = zodResolver(createLessonSchema) as unknown as Resolver<LessonForm, unknown, NewLesson>;

/** A rule about a whole list (at most 50 parts or questions): RHF files it under the list's `root`. */
const listRule = (error: unknown): string | undefined => {
  const list = error as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = list?.root?.message ?? list?.message;
  return typeof message === 'string' && message ? message : undefined;
};

/**
 * SPEC §2 add-lesson: heading, parts and quiz questions (each with an optional explanation), validated by
 * the same schema the content service applies (@kidslearn/contracts). Nothing typed is lost when saving fails.
 */
export function AddLessonPage() {
  const api = useAdminApi();
  const feedback = useFeedback();
  const [createLesson] = api.useAdminCreateLessonMutation();
  const form = useForm<LessonForm, unknown, NewLesson>({ resolver, defaultValues: emptyLesson(), mode: 'onTouched' });
  const { register, control, handleSubmit, reset, formState } = form;
  const parts = useFieldArray({ control, name: 'parts' });
  const quiz = useFieldArray({ control, name: 'quiz' });
  const heading = useWatch({ control, name: 'lessonHeading' });
  const errors = formState.errors;
  // Shown beside Save, where the admin pressed it: the lists can be long (lessonMessages of contracts).
  const listProblems = [listRule(errors.parts), listRule(errors.quiz)].filter((message): message is string => message !== undefined);

  const confirmThen = async (title: string, action: () => void) => {
    if (await feedback.confirm({ title, text: m.cannotUndo })) action();
  };

  const save = handleSubmit(async (lesson) => {
    try {
      await createLesson(lessonToSend(lesson)).unwrap();
      reset(emptyLesson());
      void feedback.alert({ title: m.saved, icon: 'success', timer: 2000 });
    } catch (error) {
      console.error('Saving the lesson failed', error);
      void feedback.alert({ title: m.saveFailed, icon: 'error' });
    }
  });

  return (
    <form className="adm-lesson" onSubmit={(event) => void save(event)} noValidate>
      <header className="adm-lesson-head">
        <h1>{m.heading}</h1>
        <p>{m.subject}</p>
        <Badge tone="info">{m.partsBadge(parts.fields.length)}</Badge> <Badge tone="success">{m.questionsBadge(quiz.fields.length)}</Badge>
      </header>

      <Card>
        <TextField label={m.lessonHeading} {...register('lessonHeading')} error={errors.lessonHeading?.message} />
      </Card>

      <Card className="adm-block">
        <h2>{m.partsHeading}</h2>
        <p className="adm-tip">{m.tip}</p>
        {parts.fields.map((field, index) => (
          <fieldset key={field.id} className="adm-item">
            <legend>{m.part(index + 1)}</legend>
            <TextField label={m.partName} {...register(`parts.${index}.name`)} error={errors.parts?.[index]?.name?.message} />
            <TextField label={m.videoLink} type="url" inputMode="url" {...register(`parts.${index}.link`)} error={errors.parts?.[index]?.link?.message} />
            <Button variant="danger" disabled={parts.fields.length <= 1} aria-label={m.removePart(index + 1)} onClick={() => void confirmThen(m.removePartConfirm, () => parts.remove(index))}>
              {m.remove}
            </Button>
          </fieldset>
        ))}
        <Button variant="secondary" onClick={() => parts.append(emptyPart())}>
          {m.addPart}
        </Button>
      </Card>

      <Card className="adm-block">
        <h2>{m.quizHeading}</h2>
        {quiz.fields.map((field, index) => {
          const problem = errors.quiz?.[index];
          return (
            <fieldset key={field.id} className="adm-item">
              <legend>{m.questionN(index + 1)}</legend>
              <TextField label={m.question} {...register(`quiz.${index}.question`)} error={problem?.question?.message} />
              <div className="adm-options">
                {LETTERS.map((letter) => (
                  <TextField key={letter} label={m.option(letter)} {...register(`quiz.${index}.option${letter}`)} error={problem?.[`option${letter}`]?.message} />
                ))}
              </div>
              <SelectField
                label={m.correctAnswer}
                placeholder={m.choose}
                options={LETTERS.map((letter) => ({ value: letter, label: letter }))}
                {...register(`quiz.${index}.correctAnswer`)}
                error={problem?.correctAnswer?.message}
              />
              {/* Optional (issue 21): quiz shows it to the learner after their attempt, never before. */}
              <TextArea label={m.explanation} hint={m.explanationHint} rows={3} {...register(`quiz.${index}.explanation`)} error={problem?.explanation?.message} />
              <Button variant="danger" disabled={quiz.fields.length <= 1} aria-label={m.removeQuestionN(index + 1)} onClick={() => void confirmThen(m.removeQuestionConfirm, () => quiz.remove(index))}>
                {m.removeQuestion}
              </Button>
            </fieldset>
          );
        })}
        <Button variant="secondary" onClick={() => quiz.append(emptyQuestion())}>
          {m.addQuiz}
        </Button>
      </Card>

      <footer className="adm-lesson-foot">
        <p aria-live="polite">{m.summary(heading, parts.fields.length, quiz.fields.length)}</p>
        {listProblems.map((problem) => (
          <p key={problem} className="adm-error adm-list-rule" role="alert">
            {problem}
          </p>
        ))}
        <Button variant="outline" onClick={() => void confirmThen(m.clearConfirm, () => reset(emptyLesson()))}>
          {m.clear}
        </Button>
        <Button type="submit" variant="primary" busy={formState.isSubmitting}>
          {formState.isSubmitting ? m.saving : m.save}
        </Button>
      </footer>
    </form>
  );
}
