/**
 * `a•••@volvo.com`: what a viewer sees of an address unless an owner lets them see it whole (issue 34 item 5), in the
 * console's lists, on its pages and in its mail (issue 47 item 3).
 */
export const maskEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return at < 1 ? '•••' : `${email[0]}•••${email.slice(at)}`;
};
