import { publicImageUrl } from '@formloom/contract';
import { themeVars } from '@formloom/sdk';
import { type CSSProperties, useId } from 'react';
import { useTexts } from '../../i18n/texts.js';
import type { ThemeBody } from './queries.js';
import { texts } from './texts.js';
import './theme-preview.css';

/**
 * A small sample form in the theme being edited: the same `themeVars` the server gives the public
 * page and the embeds, so what shows here is what respondents see (a shipped font shows once the
 * visitor's browser has it; the page loads it from the server).
 */
export function ThemePreview({ theme }: { theme: ThemeBody }) {
  const t = useTexts(texts);
  const id = useId();
  const style = themeVars({ ...theme, background: theme.background ?? undefined }, '') as CSSProperties;
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="fl-preview-title">
        {t('preview')}
      </h2>
      <div className="fl-preview" style={style} data-testid="theme-preview">
        {theme.logo ? (
          <img className="fl-preview-logo" src={publicImageUrl('', theme.logo)} alt={t('logo')} />
        ) : null}
        <div className="fl-preview-card">
          <h3>{t('sampleTitle')}</h3>
          <label htmlFor={`${id}-q`}>{t('sampleQuestion')}</label>
          <p className="fl-preview-help" id={`${id}-d`}>
            {t('sampleHelp')}
          </p>
          <input id={`${id}-q`} className="fl-preview-input" aria-describedby={`${id}-d`} />
          <button type="button" className="fl-preview-button">
            {t('sampleSubmit')}
          </button>
        </div>
      </div>
    </section>
  );
}
