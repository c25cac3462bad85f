/** The longest e-mail address any form takes: one number for sign-up, login, alerts and the search. */
export const EMAIL_MAX = 255;
