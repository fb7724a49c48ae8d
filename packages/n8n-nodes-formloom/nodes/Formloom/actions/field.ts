import { FIELD_TYPES } from '@formloom/contract';
import { type IExecuteFunctions, type INodeProperties, NodeOperationError } from 'n8n-workflow';
import { commaList, idParameter, jsonParameter, optionalString, showFor } from '../shared/parameters';
import { type ResourceDefinition, toItems } from '../shared/types';

const RESOURCE = 'field';
type AddFieldBody = Parameters<import('@formloom/sdk').Fields['create']>[1];
type UpdateFieldBody = Parameters<import('@formloom/sdk').Fields['update']>[2];

const properties: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    displayOptions: { show: { resource: [RESOURCE] } },
    options: [
      { name: 'Add', value: 'add', action: 'Add a field', description: 'Add a field to a section of a form' },
      {
        name: 'Delete',
        value: 'delete',
        action: 'Delete a field',
        description: 'Remove a field from a form',
      },
      {
        name: 'Update',
        value: 'update',
        action: 'Update a field',
        description: 'Change some properties of a field',
      },
    ],
    default: 'add',
  },
  idParameter('formId', 'Form ID', RESOURCE, ['add', 'update', 'delete'], 'The form the field belongs to'),
  idParameter(
    'fieldId',
    'Field ID',
    RESOURCE,
    ['add', 'update', 'delete'],
    'The field id: its answers are keyed by it (letters, digits, "_", "-", "." and ":")',
  ),
  idParameter('sectionId', 'Section ID', RESOURCE, ['add'], 'The existing section the field goes in'),
  {
    displayName: 'Type',
    name: 'fieldType',
    type: 'options',
    options: FIELD_TYPES.map((type) => ({ name: type, value: type })),
    default: 'text',
    displayOptions: showFor(RESOURCE, ['add']),
  },
  {
    displayName: 'Label',
    name: 'label',
    type: 'string',
    required: true,
    default: '',
    displayOptions: showFor(RESOURCE, ['add']),
  },
  {
    displayName: 'Order',
    name: 'order',
    type: 'number',
    default: 0,
    displayOptions: showFor(RESOURCE, ['add']),
    description: 'Position in its section (lower first)',
  },
  {
    displayName: 'Additional Fields',
    name: 'additionalFields',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    displayOptions: showFor(RESOURCE, ['add']),
    options: [
      { displayName: 'Help Text', name: 'helpText', type: 'string', default: '' },
      {
        displayName: 'Option Scores',
        name: 'optionScores',
        type: 'string',
        default: '',
        placeholder: '1, 0, 0',
        description:
          "For a quiz: one number per option, in the order of Options, separated by commas; a variable's score operation adds up those of the chosen options",
      },
      {
        displayName: 'Options',
        name: 'options',
        type: 'string',
        default: '',
        description: 'For select, radio and checkbox: the choices, separated by commas',
      },
      { displayName: 'Placeholder', name: 'placeholder', type: 'string', default: '' },
      {
        displayName: 'Prefill',
        name: 'prefill',
        type: 'boolean',
        default: false,
        description:
          "Whether the form's link may prefill the field (?parameter=value in the URL); a hidden field always can",
      },
      {
        displayName: 'Prefill Editable',
        name: 'prefillEditable',
        type: 'boolean',
        default: true,
        description: 'Whether the respondent may change a prefilled value',
      },
      {
        displayName: 'Prefill Parameter',
        name: 'prefillParam',
        type: 'string',
        default: '',
        description: "The link's parameter that prefills the field; default: the field ID",
      },
      {
        displayName: 'Required',
        name: 'required',
        type: 'boolean',
        default: false,
        description: 'Whether an answer is required',
      },
    ],
  },
  {
    displayName: 'Changes',
    name: 'changes',
    type: 'json',
    required: true,
    default: '{\n  "label": "New label"\n}',
    displayOptions: showFor(RESOURCE, ['update']),
    description:
      'The properties to change (label, type, options with an optional score each, prefill, validation, conditionalLogic, ...); null removes an optional one',
  },
];

interface AddFieldExtras {
  helpText?: string;
  options?: string;
  optionScores?: string;
  placeholder?: string;
  prefill?: boolean;
  prefillEditable?: boolean;
  prefillParam?: string;
  required?: boolean;
}

/**
 * "Red, Green" as field options whose label and value are the same text, with "1, 0" as their
 * scores: one number per option, else a NodeOperationError saying what is wrong.
 */
function choices(context: IExecuteFunctions, i: number, extra: AddFieldExtras) {
  const options = commaList(extra.options)?.map((choice) => ({ label: choice, value: choice }));
  const scores = commaList(extra.optionScores);
  if (scores === undefined || scores.length === 0) return options;
  const numbers = scores.map(Number);
  if (
    options === undefined ||
    numbers.length !== options.length ||
    numbers.some((n) => !Number.isFinite(n))
  ) {
    throw new NodeOperationError(
      context.getNode(),
      `Option Scores must be one number per option (${options?.length ?? 0}), separated by commas: got "${extra.optionScores}"`,
      { itemIndex: i },
    );
  }
  return options.map((option, k) => ({ ...option, score: numbers[k]! }));
}

/** `prefill` of the field: set when any prefill parameter is (a hidden field is prefillable without). */
function prefillOf(extra: AddFieldExtras): AddFieldBody['prefill'] {
  const param = optionalString(extra.prefillParam);
  if (!extra.prefill && param === undefined && extra.prefillEditable === undefined) return undefined;
  return {
    ...(param === undefined ? {} : { param }),
    ...(extra.prefillEditable === undefined ? {} : { editable: extra.prefillEditable }),
  };
}

export const field: ResourceDefinition = {
  properties,
  operations: {
    async add(context, i, client) {
      const extra = context.getNodeParameter('additionalFields', i, {}) as AddFieldExtras;
      const options = choices(context, i, extra);
      const prefill = prefillOf(extra);
      const body: AddFieldBody = {
        id: context.getNodeParameter('fieldId', i) as string,
        sectionId: context.getNodeParameter('sectionId', i) as string,
        type: context.getNodeParameter('fieldType', i) as AddFieldBody['type'],
        label: context.getNodeParameter('label', i) as string,
        order: context.getNodeParameter('order', i, 0) as number,
        ...(extra.required === undefined ? {} : { required: extra.required }),
        ...(optionalString(extra.placeholder) === undefined ? {} : { placeholder: extra.placeholder }),
        ...(optionalString(extra.helpText) === undefined ? {} : { helpText: extra.helpText }),
        ...(options === undefined || options.length === 0 ? {} : { options }),
        ...(prefill === undefined ? {} : { prefill }),
      };
      const formId = context.getNodeParameter('formId', i) as string;
      return toItems(await client.forms.fields.create(formId, body));
    },
    async update(context, i, client) {
      const formId = context.getNodeParameter('formId', i) as string;
      const fieldId = context.getNodeParameter('fieldId', i) as string;
      const changes = jsonParameter(context, 'changes', i) as UpdateFieldBody;
      return toItems(await client.forms.fields.update(formId, fieldId, changes));
    },
    async delete(context, i, client) {
      const formId = context.getNodeParameter('formId', i) as string;
      const fieldId = context.getNodeParameter('fieldId', i) as string;
      return toItems(await client.forms.fields.delete(formId, fieldId));
    },
  },
};
