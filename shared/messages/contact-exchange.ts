// The card page's "share your details" form (contact exchange): its own module, so only the card page Lambda, the
// contact schema and their tests carry it (not every Lambda and page, as shared/messages.ts is).

export const contactExchangeMessages = {
  title: (firstName: string) => `Share your details with ${firstName}`,
  consent: (fullName: string, businessName: string) => `I agree that ${fullName} of ${businessName} receives these details to get back to me.`,
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  consentRequired: 'Please tick the box to agree that your details are shared',
  thanksTitle: 'Thank you!',
  thanks: (firstName: string) => `Your details have been sent to ${firstName}.`,
  problemTitle: 'Please check your details',
};
