import type { FormSchema, QuizFeedback } from '@formloom/contract';
import type { SchemaProblem } from '@formloom/contract/engine';
import { Checkbox, Fieldset, List, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';
import { defineTexts, useTexts } from '../../i18n/texts.js';
import { ProblemList, problemsAt } from './problems.js';

const en = {
  quiz: 'Quiz',
  isQuiz: 'This form is a quiz',
  quizHelp:
    'Mark the right options of its choice questions in each question’s settings; the server marks each response.',
  feedback: 'Feedback to the respondent',
  feedbackNone: 'None (an ending may show the score)',
  feedbackAfter: 'After each answer (the question is then locked)',
  feedbackEnd: 'At the end, for every question',
  passScore: 'Pass score in percent (empty: no pass or fail)',
  noQuestions: 'No choice question has an option marked right yet: every response scores 0 of 0.',
};
type Key = keyof typeof en;

const de: Record<Key, string> = {
  quiz: 'Quiz',
  isQuiz: 'Dieses Formular ist ein Quiz',
  quizHelp:
    'Markieren Sie die richtigen Optionen der Auswahlfragen in den Einstellungen jeder Frage; der Server bewertet jede Antwort.',
  feedback: 'Rückmeldung an die antwortende Person',
  feedbackNone: 'Keine (ein Abschluss kann die Punkte zeigen)',
  feedbackAfter: 'Nach jeder Antwort (die Frage ist dann gesperrt)',
  feedbackEnd: 'Am Ende, für jede Frage',
  passScore: 'Bestehensgrenze in Prozent (leer: kein Bestehen oder Nichtbestehen)',
  noQuestions: 'Noch keine Auswahlfrage hat eine als richtig markierte Option: jede Antwort erzielt 0 von 0.',
};
const es: Record<Key, string> = {
  quiz: 'Cuestionario',
  isQuiz: 'Este formulario es un cuestionario',
  quizHelp:
    'Marque las opciones correctas de sus preguntas de elección en los ajustes de cada pregunta; el servidor califica cada respuesta.',
  feedback: 'Comentarios para quien responde',
  feedbackNone: 'Ninguno (un final puede mostrar la puntuación)',
  feedbackAfter: 'Tras cada respuesta (la pregunta queda bloqueada)',
  feedbackEnd: 'Al final, para cada pregunta',
  passScore: 'Nota para aprobar en porcentaje (vacío: sin aprobar ni suspender)',
  noQuestions:
    'Ninguna pregunta de elección tiene aún una opción marcada como correcta: cada respuesta obtiene 0 de 0.',
};
const it: Record<Key, string> = {
  quiz: 'Quiz',
  isQuiz: 'Questo modulo è un quiz',
  quizHelp:
    'Segni le opzioni giuste delle domande a scelta nelle impostazioni di ogni domanda; il server valuta ogni risposta.',
  feedback: 'Commenti per chi risponde',
  feedbackNone: 'Nessuno (una conclusione può mostrare il punteggio)',
  feedbackAfter: 'Dopo ogni risposta (la domanda viene poi bloccata)',
  feedbackEnd: 'Alla fine, per ogni domanda',
  passScore: 'Punteggio minimo in percentuale (vuoto: né superato né non superato)',
  noQuestions:
    'Nessuna domanda a scelta ha ancora un’opzione segnata come giusta: ogni risposta ottiene 0 su 0.',
};
const nl: Record<Key, string> = {
  quiz: 'Quiz',
  isQuiz: 'Dit formulier is een quiz',
  quizHelp:
    'Markeer de goede opties van de keuzevragen in de instellingen van elke vraag; de server beoordeelt elk antwoord.',
  feedback: 'Feedback aan wie antwoordt',
  feedbackNone: 'Geen (een einde kan de score tonen)',
  feedbackAfter: 'Na elk antwoord (de vraag wordt dan vergrendeld)',
  feedbackEnd: 'Aan het einde, voor elke vraag',
  passScore: 'Slaaggrens in procenten (leeg: geen geslaagd of gezakt)',
  noQuestions: 'Nog geen keuzevraag heeft een optie die als goed is gemarkeerd: elk antwoord scoort 0 van 0.',
};
const tr: Record<Key, string> = {
  quiz: 'Sınav',
  isQuiz: 'Bu form bir sınavdır',
  quizHelp:
    'Seçmeli soruların doğru seçeneklerini her sorunun ayarlarında işaretleyin; sunucu her yanıtı puanlar.',
  feedback: 'Yanıtlayana geri bildirim',
  feedbackNone: 'Yok (bir bitiş puanı gösterebilir)',
  feedbackAfter: 'Her cevaptan sonra (soru ardından kilitlenir)',
  feedbackEnd: 'Sonunda, her soru için',
  passScore: 'Yüzde olarak geçme puanı (boş: geçti veya kaldı yok)',
  noQuestions:
    'Henüz hiçbir seçmeli sorunun doğru işaretlenmiş bir seçeneği yok: her yanıt 0 üzerinden 0 alır.',
};

export const quizPanelTexts = defineTexts(en, { de, es, it, nl, tr });

/**
 * The form as a quiz (docs/form-model.md "Quizzes"): whether it is one, when the respondent sees
 * the marks, and the pass score. The right answers and each option's feedback are edited with the
 * choice question's settings.
 */
export function QuizPanel({
  schema,
  edit,
  problems,
  warnings,
  disabled,
}: {
  schema: FormSchema;
  edit: (change: (s: FormSchema) => FormSchema, key?: string) => void;
  problems: readonly SchemaProblem[];
  /** The builder's warnings (`schemaWarnings`) about the quiz settings. */
  warnings: readonly SchemaProblem[];
  disabled: boolean;
}) {
  const t = useTexts(quizPanelTexts);
  const quiz = schema.settings?.quiz;
  const setQuiz = (next: typeof quiz) =>
    edit((s) => {
      const { quiz: _, ...settings } = s.settings ?? {};
      return { ...s, settings: next === undefined ? settings : { ...settings, quiz: next } };
    }, 'settings.quiz');
  const empty = warnings.some((w) => w.code === 'quiz_without_questions');
  return (
    <Fieldset legend={t('quiz')} disabled={disabled}>
      <Stack gap="xs">
        <ProblemList problems={problemsAt(problems, '$.settings.quiz')} />
        <Checkbox
          label={t('isQuiz')}
          checked={quiz !== undefined}
          onChange={(e) => setQuiz(e.currentTarget.checked ? { feedback: 'none' } : undefined)}
        />
        <Text size="sm" c="dimmed">
          {t('quizHelp')}
        </Text>
        {quiz === undefined ? null : (
          <>
            <NativeSelect
              label={t('feedback')}
              value={quiz.feedback}
              data={[
                { value: 'none', label: t('feedbackNone') },
                { value: 'after-answer', label: t('feedbackAfter') },
                { value: 'at-end', label: t('feedbackEnd') },
              ]}
              onChange={(e) => setQuiz({ ...quiz, feedback: e.currentTarget.value as QuizFeedback })}
            />
            <NumberInput
              label={t('passScore')}
              min={0}
              max={100}
              allowDecimal={false}
              value={quiz.passScore ?? ''}
              onChange={(value) => {
                const { passScore: _, ...rest } = quiz;
                setQuiz(typeof value === 'number' ? { ...rest, passScore: value } : rest);
              }}
            />
            {empty ? (
              <List size="sm">
                <List.Item>
                  <Text size="sm" role="status">
                    {t('noQuestions')}
                  </Text>
                </List.Item>
              </List>
            ) : null}
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
