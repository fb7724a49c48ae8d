import type { FormSchema } from '@formloom/contract';

/** A form with every question type of part 1 and one response's answers to it (exports, messages). */
const at = (order: number) => ({ sectionId: 's', order });
export const QUESTION_TYPES_SCHEMA: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Every question type', language: 'en' },
  sections: [{ id: 's', title: 'S', order: 0 }],
  fields: [
    { id: 'stars', type: 'rating', label: 'Stars', rating: { max: 5 }, ...at(0) },
    { id: 'nps', type: 'nps', label: 'Recommend', ...at(1) },
    { id: 'agree', type: 'scale', label: 'Agree', scale: { min: 1, max: 5 }, ...at(2) },
    {
      id: 'km',
      type: 'slider',
      label: 'Distance',
      slider: { min: 0, max: 10, step: 0.5, unit: 'km' },
      ...at(3),
    },
    {
      id: 'grid',
      type: 'matrix',
      label: 'Service',
      matrix: {
        rows: [
          { id: 'speed', label: 'Speed' },
          { id: 'price', label: 'Price' },
        ],
        columns: [
          { value: 'good', label: 'Good' },
          { value: 'bad', label: 'Bad' },
        ],
        multiple: true,
      },
      ...at(4),
    },
    {
      id: 'rank',
      type: 'ranking',
      label: 'Rank',
      options: [
        { label: 'Apples', value: 'a' },
        { label: 'Bananas', value: 'b' },
        { label: 'Cherries', value: 'c' },
      ],
      other: { label: 'Other' },
      ...at(5),
    },
    {
      id: 'pet',
      type: 'picture_choice',
      label: 'Pet',
      options: [
        { label: 'Cat', value: 'cat', imageUrl: 'https://img.example/cat.png' },
        { label: 'Dog', value: 'dog', imageUrl: 'https://img.example/dog.png' },
      ],
      other: { label: 'Other' },
      ...at(6),
    },
    {
      id: 'tags',
      type: 'select',
      label: 'Tags',
      multiple: true,
      options: [
        { label: 'Fast', value: 'fast' },
        { label: 'Cheap', value: 'cheap' },
      ],
      other: { label: 'Other' },
      ...at(7),
    },
  ],
};

export const QUESTION_TYPES_ANSWERS = {
  stars: 4,
  nps: 9,
  agree: 2,
  km: 2.5,
  grid: { speed: ['good', 'bad'], price: ['bad'] },
  rank: ['b', { other: 'Dates' }, 'a'],
  pet: { other: 'Ferret' },
  tags: ['fast', { other: '=1+1' }],
};
