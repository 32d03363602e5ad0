/**
 * The server's own words (mails and pass texts) in English, the reference catalogue: every other
 * locale has exactly these keys (messages.test.ts). ICU MessageFormat, formatted by
 * intl-messageformat; `{appName}` is the product's name, never translated.
 */
export const en = {
  "mail.code.expiry": "The code expires in 10 minutes. If you did not ask for it, you can ignore this email.",
  "mail.otp.subject": "{code} is your {appName} code",
  "mail.otp.register.title": "Confirm your email address",
  "mail.otp.register.intro": "Use this code to confirm your email address for {appName}:",
  "mail.otp.forgot-password.title": "Reset your password",
  "mail.otp.forgot-password.intro": "Use this code to reset your password for {appName}:",
  "mail.invite.subject": "{owner} invited you to {appName}",
  "mail.invite.title": "{owner} invited you to their team",
  "mail.invite.intro": "{owner} added you as staff on {appName}, to scan customers' cards and hand out rewards.",
  "mail.invite.link": "Open this link to choose your password: {link}",
  "mail.invite.expiry":
    "The link works once and expires in 7 days. If you did not expect it, you can ignore this email.",
  "mail.walletCode.subject": "{code} is your {business} card code",
  "mail.walletCode.title": "Your {business} card",
  "mail.walletCode.intro": "Use this code to open your {business} loyalty card on this device:",
  "mail.receipt.subject": "Your {appName} receipt: {what}",
  "mail.receipt.thanks": "Thank you for your payment.",
  "mail.receipt.online": "Your receipts are also on {link}",
  "pass.description": "{business} stamp card",
  "pass.stamps": "Stamps",
  "pass.stampsChange": "Stamps: %@",
  "pass.stampsOf": "{stamps} of {required}",
  "pass.points": "Points",
  "pass.balance": "Balance",
  "pass.cashback": "Cashback",
  "pass.reward": "Reward",
  "pass.rewardReady": "Reward ready",
  "pass.pointsTo": "{points} to {title}",
  "pass.member": "Member",
  "pass.latestMessage": "Latest message",
  "pass.messagesShowHere": "Messages from {business} show here.",
  "pass.cardNumber": "Card number",
  "pass.lifetime": "Stamps collected",
  "pass.redeemed": "Rewards redeemed",
  "pass.how": "How it works",
  "pass.howText": "Show this card's code at the counter: staff scan it to add a stamp or give you your reward.",
  "pass.programName": "Stamp card",
  "pass.logo": "{business} logo",
  "pass.noProgramme": "No stamp programme is running at the moment.",
  "pass.rewardReadyText": "Reward ready: {title}. Show this card to staff.",
  "pass.moreStamps": "{count, plural, one {# more stamp} other {# more stamps}} for {title} ({required} in all).",
} as const;

export type MessageKey = keyof typeof en;
