import { describe, expect, it } from 'vitest';
import { bodyOf, checkValues, emptyValues, fieldOf, problemsOf, valuesOf } from './apply-fields';

describe('the joining form fields', () => {
  it('says each problem at the field it belongs to, the wrong check digit at the corporate number', () => {
    const values = emptyValues();
    values.organisation_type = '4';
    values.text.corporate_number = '8000012050002';
    const problems = checkValues(values);
    expect(problems.corporate_number).toEqual({ rule: 'corporateNumber.checkDigit', params: {} });
    expect(problems['address.postalCode']?.rule).toBe('required');
    expect(problems['bank_account.account_number']?.rule).toBe('required');
    expect(problems.document_ids?.rule).toBe('required');
  });

  it('asks a certified NPO for its certification and sends none for others', () => {
    const values = emptyValues();
    values.organisation_type = '2';
    expect(bodyOf(values).certification).toEqual({ number: '', authority: '', certified_on: '', expires_on: '' });
    values.organisation_type = '4';
    expect(bodyOf(values).certification).toBeNull();
  });

  it("maps the API's dotted paths to the form's fields", () => {
    expect(fieldOf('bank_account.account_holder')).toBe('bank_account.account_holder');
    expect(fieldOf('document_ids.0')).toBe('document_ids');
    expect(fieldOf('certification.expires_on')).toBe('certification.expires_on');
    expect(fieldOf('nonsense')).toBeUndefined();
    expect(problemsOf({ 'bank_account.account_number': ['bankAccount.closed'], x: ['y'] })).toEqual({
      'bank_account.account_number': { rule: 'bankAccount.closed', params: {} },
    });
  });

  it('fills the form back from an application sent back for changes', () => {
    const values = emptyValues();
    values.text.name = '団体';
    values.text['bank_account.account_holder'] = 'カナ';
    values.account_type = 'current';
    values.organisation_type = '4';
    const body = bodyOf(values);
    const again = valuesOf({
      ...body,
      organisation_type: 4,
      id: 1,
      status: 'changes_requested',
      organisation_type_label: '',
      address: { ...body.address, building: '' },
      certification: null,
      bank_account: { ...body.bank_account, account_type: 'current' },
      documents: [],
      social_challenges: [],
      reason: '',
      applicant: { id: 1, email: '' },
      associate_uid: null,
      created_at: '',
      updated_at: '',
      reviewed_at: null,
      name_en: '',
      name_kana: '',
      corporate_number: '',
    });
    expect([again.text.name, again.text['bank_account.account_holder'], again.account_type]).toEqual(['団体', 'カナ', 'current']);
  });
});
