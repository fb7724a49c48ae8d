import { AuthenticationError } from '@formloom/sdk';
import { client } from '../../api.js';
import { SetPasswordCard } from '../../components/set-password-card.js';
import { errorMessage } from '../../components/shown-once.js';
import { useTexts } from '../../i18n/texts.js';
import { texts } from './texts.js';

/** An invitation link: the invitee sets a password, joins with the invited role, and is signed in. */
export default function InvitePage({ token }: { token: string | null }) {
  const t = useTexts(texts);
  return (
    <SetPasswordCard
      token={token}
      texts={{
        title: t('acceptTitle'),
        missing: t('acceptMissing'),
        intro: t('acceptIntro'),
        password: t('password'),
        showPassword: t('showPassword'),
        passwordHint: t('passwordHint'),
        goToSignIn: t('goToSignIn'),
        submit: t('acceptButton'),
      }}
      send={({ token, password }) => client.auth.acceptInvitation({ token, password })}
      refusal={(error) =>
        error instanceof AuthenticationError
          ? t('acceptRefused')
          : t('failed', { message: errorMessage(error) })
      }
    />
  );
}
