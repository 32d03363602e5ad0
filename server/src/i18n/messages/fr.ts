import type { MessageKey } from "./en";

export const fr: Record<MessageKey, string> = {
  "mail.code.expiry":
    "Le code expire dans 10 minutes. Si vous ne l’avez pas demandé, vous pouvez ignorer cet e-mail.",
  "mail.otp.subject": "{code} est votre code {appName}",
  "mail.otp.register.title": "Confirmez votre adresse e-mail",
  "mail.otp.register.intro": "Utilisez ce code pour confirmer votre adresse e-mail sur {appName} :",
  "mail.otp.forgot-password.title": "Réinitialisez votre mot de passe",
  "mail.otp.forgot-password.intro": "Utilisez ce code pour réinitialiser votre mot de passe {appName} :",
  "mail.invite.subject": "{owner} vous invite sur {appName}",
  "mail.invite.title": "{owner} vous invite à rejoindre son équipe",
  "mail.invite.intro":
    "{owner} vous a ajouté à son équipe sur {appName}, pour scanner les cartes des clients et remettre les récompenses.",
  "mail.invite.link": "Ouvrez ce lien pour choisir votre mot de passe : {link}",
  "mail.invite.expiry":
    "Le lien ne fonctionne qu’une fois et expire dans 7 jours. Si vous ne l’attendiez pas, vous pouvez ignorer cet e-mail.",
  "mail.walletCode.subject": "{code} est le code de votre carte {business}",
  "mail.walletCode.title": "Votre carte {business}",
  "mail.walletCode.intro": "Utilisez ce code pour ouvrir votre carte de fidélité {business} sur cet appareil :",
  "mail.receipt.subject": "Votre reçu {appName} : {what}",
  "mail.receipt.thanks": "Merci pour votre paiement.",
  "mail.receipt.online": "Vos reçus sont aussi sur {link}",
  "pass.description": "Carte à tampons {business}",
  "pass.stamps": "Tampons",
  "pass.stampsChange": "Tampons : %@",
  "pass.stampsOf": "{stamps} sur {required}",
  "pass.points": "Points",
  "pass.balance": "Solde",
  "pass.cashback": "Remise",
  "pass.reward": "Récompense",
  "pass.rewardReady": "Récompense prête",
  "pass.pointsTo": "{points} avant {title}",
  "pass.member": "Membre",
  "pass.latestMessage": "Dernier message",
  "pass.messagesShowHere": "Les messages de {business} s’afficheront ici.",
  "pass.cardNumber": "Numéro de carte",
  "pass.lifetime": "Tampons obtenus",
  "pass.redeemed": "Récompenses utilisées",
  "pass.how": "Comment ça marche",
  "pass.howText":
    "Montrez le code de cette carte au comptoir : l’équipe le scanne pour ajouter un tampon ou vous remettre votre récompense.",
  "pass.programName": "Carte à tampons",
  "pass.logo": "Logo de {business}",
  "pass.noProgramme": "Aucun programme de tampons n’est en cours pour le moment.",
  "pass.rewardReadyText": "Récompense prête : {title}. Montrez cette carte à l’équipe.",
  "pass.moreStamps":
    "Encore {count, plural, one {# tampon} other {# tampons}} pour {title} ({required} au total).",
};
