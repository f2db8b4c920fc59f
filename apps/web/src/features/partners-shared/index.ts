// The pieces business partners and customers share: address fields and cards, rules, the form page frame.
export { ActiveTag } from './active-tag.tsx';
export { AddressCard, AddressGrid } from './address-card.tsx';
export { type AddressFormValues, AddressListField, newAddress } from './address-list-field.tsx';
export { countryName, useCountryOptions, useLanguage } from './countries.ts';
export { FormPage } from './form-page.tsx';
export { optional, usePartnerRules } from './rules.ts';
export { showServerIssues } from './server-issues.ts';
export { useDeleteRecord } from './use-delete-record.tsx';
