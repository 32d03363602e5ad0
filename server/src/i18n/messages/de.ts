import type { MessageKey } from "./en";

export const de: Record<MessageKey, string> = {
  "mail.code.expiry":
    "Der Code läuft in 10 Minuten ab. Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren.",
  "mail.otp.subject": "{code} ist Ihr {appName}-Code",
  "mail.otp.register.title": "Bestätigen Sie Ihre E-Mail-Adresse",
  "mail.otp.register.intro": "Mit diesem Code bestätigen Sie Ihre E-Mail-Adresse für {appName}:",
  "mail.otp.forgot-password.title": "Setzen Sie Ihr Passwort zurück",
  "mail.otp.forgot-password.intro": "Mit diesem Code setzen Sie Ihr Passwort für {appName} zurück:",
  "mail.invite.subject": "{owner} hat Sie zu {appName} eingeladen",
  "mail.invite.title": "{owner} hat Sie in das Team eingeladen",
  "mail.invite.intro":
    "{owner} hat Sie als Mitarbeiter bei {appName} hinzugefügt, um Kundenkarten zu scannen und Prämien auszugeben.",
  "mail.invite.link": "Öffnen Sie diesen Link, um Ihr Passwort festzulegen: {link}",
  "mail.invite.expiry":
    "Der Link funktioniert einmal und läuft in 7 Tagen ab. Wenn Sie ihn nicht erwartet haben, können Sie diese E-Mail ignorieren.",
  "mail.walletCode.subject": "{code} ist der Code für Ihre {business}-Karte",
  "mail.walletCode.title": "Ihre {business}-Karte",
  "mail.walletCode.intro": "Mit diesem Code öffnen Sie Ihre {business}-Treuekarte auf diesem Gerät:",
  "mail.receipt.subject": "Ihre {appName}-Quittung: {what}",
  "mail.receipt.thanks": "Vielen Dank für Ihre Zahlung.",
  "mail.receipt.online": "Ihre Quittungen finden Sie auch unter {link}",
  "pass.description": "Stempelkarte von {business}",
  "pass.stamps": "Stempel",
  "pass.stampsChange": "Stempel: %@",
  "pass.stampsOf": "{stamps} von {required}",
  "pass.points": "Punkte",
  "pass.balance": "Guthaben",
  "pass.cashback": "Cashback",
  "pass.reward": "Prämie",
  "pass.rewardReady": "Prämie bereit",
  "pass.pointsTo": "{points} bis {title}",
  "pass.member": "Mitglied",
  "pass.latestMessage": "Neueste Nachricht",
  "pass.messagesShowHere": "Nachrichten von {business} erscheinen hier.",
  "pass.cardNumber": "Kartennummer",
  "pass.lifetime": "Gesammelte Stempel",
  "pass.redeemed": "Eingelöste Prämien",
  "pass.how": "So funktioniert’s",
  "pass.howText":
    "Zeigen Sie den Code dieser Karte an der Theke: Das Team scannt ihn, um einen Stempel hinzuzufügen oder Ihnen Ihre Prämie zu geben.",
  "pass.programName": "Stempelkarte",
  "pass.logo": "Logo von {business}",
  "pass.noProgramme": "Derzeit läuft kein Stempelprogramm.",
  "pass.rewardReadyText": "Prämie bereit: {title}. Zeigen Sie diese Karte dem Team.",
  "pass.moreStamps":
    "Noch {count, plural, one {# Stempel} other {# Stempel}} bis {title} ({required} insgesamt).",
};
