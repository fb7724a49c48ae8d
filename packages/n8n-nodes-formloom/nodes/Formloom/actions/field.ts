import { FIELD_TYPES } from '@formloom/contract';
import type { INodeProperties } from 'n8n-workflow';
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
        displayName: 'Options',
        name: 'options',
        type: 'string',
        default: '',
        description: 'For select, radio and checkbox: the choices, separated by commas',
      },
      { displayName: 'Placeholder', name: 'placeholder', type: 'string', default: '' },
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
      'The properties to change (label, type, options, validation, conditionalLogic, ...); null removes an optional one',
  },
];

/** "Red, Green" as field options whose label and value are the same text. */
function choices(text: string | undefined) {
  return commaList(text)?.map((choice) => ({ label: choice, value: choice }));
}

export const field: ResourceDefinition = {
  properties,
  operations: {
    async add(context, i, client) {
      const extra = context.getNodeParameter('additionalFields', i, {}) as {
        helpText?: string;
        options?: string;
        placeholder?: string;
        required?: boolean;
      };
      const options = choices(extra.options);
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
