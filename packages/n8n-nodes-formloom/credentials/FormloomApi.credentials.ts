import type {
  IAuthenticateGeneric,
  ICredentialTestRequest,
  ICredentialType,
  Icon,
  INodeProperties,
} from 'n8n-workflow';

/** An API key of a Formloom account and the server it belongs to. */
export class FormloomApi implements ICredentialType {
  name = 'formloomApi';

  displayName = 'Formloom API';

  icon: Icon = { light: 'file:../icons/formloom.svg', dark: 'file:../icons/formloom.dark.svg' };

  documentationUrl = 'https://github.com/formloom/formloom/tree/main/packages/n8n-nodes-formloom#credentials';

  properties: INodeProperties[] = [
    {
      displayName: 'API Key',
      name: 'apiKey',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      required: true,
      placeholder: 'formloom_...',
      description: 'An API key of your Formloom account; its scopes decide which operations work',
    },
    {
      displayName: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      default: 'http://localhost:3000',
      required: true,
      placeholder: 'https://forms.example.com',
      description: 'Where your Formloom server answers, without /v1',
    },
  ];

  authenticate: IAuthenticateGeneric = {
    type: 'generic',
    properties: {
      headers: {
        Authorization: '=Bearer {{$credentials.apiKey}}',
      },
    },
  };

  // GET /v1/me answers 200 for any valid key, whatever its scopes.
  test: ICredentialTestRequest = {
    request: {
      baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "").replace(/\\/v1$/, "")}}',
      url: '/v1/me',
      method: 'GET',
    },
  };
}
