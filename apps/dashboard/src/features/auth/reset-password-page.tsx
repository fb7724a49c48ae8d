import { AuthenticationError } from '@formloom/sdk';
import { client } from '../../api.js';
import { SetPasswordCard } from '../../components/set-password-card.js';
import { useI18n } from '../../i18n/i18n.js';
import { useTexts } from '../../i18n/texts.js';
import { refusalText } from './auth-error.js';
import { authTexts } from './texts.js';

/** The e-mailed reset link: a new password, then the sign-in page (every session was ended). */
export default function ResetPasswordPage({ token }: { token: string | null }) {
  const { t } = useI18n();
  const tx = useTexts(authTexts);
  return (
    <SetPasswordCard
      token={token}
      texts={{
        title: tx('resetTitle'),
        missing: tx('resetMissing'),
        intro: tx('resetIntro'),
        password: tx('newPassword'),
        showPassword: t('showPassword'),
        passwordHint: t('passwordHint'),
        goToSignIn: tx('backToSignIn'),
        submit: tx('setPassword'),
        done: tx('resetDone'),
      }}
      send={async ({ token, password }) => {
        await client.security.confirmPasswordReset({ token, password });
        return null;
      }}
      refusal={(error) =>
        error instanceof AuthenticationError ? tx('resetRefused') : refusalText(error, 'somethingWrong', t)
      }
    />
  );
}
