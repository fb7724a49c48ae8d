import type { MessageTable } from './message-table.js';

// Turkish keeps the noun singular after a number, so `one` and `other` read the same.
export const tr: MessageTable = {
  required: 'Bu alan zorunludur.',
  text: 'Bir metin girin.',
  number: 'Bir sayı girin.',
  email: 'Geçerli bir e-posta adresi girin.',
  option: 'Listelenen seçeneklerden birini seçin.',
  options: 'Yalnızca listelenen seçeneklerden seçin.',
  duplicateOption: 'Her seçenek yalnızca bir kez seçilebilir.',
  date: 'Geçerli bir tarih girin (YYYY-AA-GG).',
  file: 'Bu, geçerli bir yüklenmiş dosya değil.',
  fileType: 'Bu dosya türüne izin verilmiyor. İzin verilen türler: {types}.',
  fileSize: 'Dosya çok büyük. Sınır {maxMB} MB.',
  tooLong: { one: 'En fazla {max} karakter kullanın.', other: 'En fazla {max} karakter kullanın.' },
  minLength: { one: 'En az {min} karakter kullanın.', other: 'En az {min} karakter kullanın.' },
  maxLength: { one: 'En fazla {max} karakter kullanın.', other: 'En fazla {max} karakter kullanın.' },
  minSelected: { one: 'En az {min} seçenek seçin.', other: 'En az {min} seçenek seçin.' },
  maxSelected: { one: 'En fazla {max} seçenek seçin.', other: 'En fazla {max} seçenek seçin.' },
  min: '{min} veya daha büyük bir sayı girin.',
  max: '{max} veya daha küçük bir sayı girin.',
  pattern: 'Değer beklenen biçimde değil.',
  unknownField: 'Bu formda böyle bir alan yok.',
  notAnObject: 'Yanıtlar, alan kimliklerini anahtar olarak kullanan bir nesne olmalıdır.',
};
