import type { LanguageChoiceDto } from '@bindings/LanguageChoiceDto';
import type { MeDto } from '@bindings/MeDto';
import { authRequest } from '../session-token';

/** PUT /api/me/language: keeps the language on the account, so that every device the holder signs in on follows it. */
export function setAccountLanguage(language: LanguageChoiceDto['language']): Promise<MeDto> {
  const body: LanguageChoiceDto = { language };
  return authRequest<MeDto>('/api/me/language', { method: 'PUT', body });
}
