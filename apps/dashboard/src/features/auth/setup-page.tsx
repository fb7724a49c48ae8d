import { client } from '../../api.js';
import { SetPasswordCard } from '../../components/set-password-card.js';
import { useI18n } from '../../i18n/i18n.js';
import { refusalText } from './auth-error.js';

/** First run: the link `formloom serve` printed makes the owner, who is then signed in. */
export default function SetupPage({ token }: { token: string | null }) {
  const { t } = useI18n();
  return (
    <SetPasswordCard
      token={token}
      emailLabel={t('email')}
      texts={{
        title: t('setupTitle'),
        missing: t('setupMissing'),
        intro: t('setupIntro'),
        password: t('password'),
        showPassword: t('showPassword'),
        passwordHint: t('passwordHint'),
        goToSignIn: t('goToSignIn'),
        submit: t('createOwner'),
      }}
      send={(fields) => client.auth.setup(fields)}
      refusal={(error) => refusalText(error, 'setupRefused', t)}
    />
  );
}
