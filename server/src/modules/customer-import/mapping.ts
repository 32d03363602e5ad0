import { IMPORT_FIELDS, type ImportField, type ImportMapping } from "../../../../contract/customer-import";

/**
 * The header words each field goes by, in our six languages and as other tools export them,
 * compared without case, accents, spaces or punctuation ("E-mail", "e_mail" and "Email" alike).
 */
const WORDS: Record<ImportField, string[]> = {
  name: [
    "name",
    "fullname",
    "customer",
    "customername",
    "client",
    "clientname",
    "firstname",
    "nombre",
    "nombrecompleto",
    "cliente",
    "nom",
    "nomcomplet",
    "prenom",
    "vorname",
    "kunde",
    "kundenname",
    "nomecompleto",
    "nome",
    "الاسم",
    "اسم",
    "الاسمالكامل",
  ],
  email: [
    "email",
    "mail",
    "emailaddress",
    "correo",
    "correoelectronico",
    "courriel",
    "adresseemail",
    "adressemail",
    "emailadresse",
    "endereçodeemail",
    "enderecodeemail",
    "البريدالالكتروني",
    "البريدالإلكتروني",
    "بريدالكتروني",
    "البريد",
  ],
  phone: [
    "phone",
    "mobile",
    "phonenumber",
    "mobilephone",
    "cell",
    "cellphone",
    "tel",
    "telephone",
    "telefono",
    "movil",
    "celular",
    "portable",
    "telefon",
    "handy",
    "mobil",
    "mobilnummer",
    "telefonnummer",
    "telefone",
    "هاتف",
    "الهاتف",
    "جوال",
    "الجوال",
    "رقمالهاتف",
  ],
  birthday: [
    "birthday",
    "dateofbirth",
    "birthdate",
    "dob",
    "cumpleanos",
    "fechadenacimiento",
    "anniversaire",
    "datedenaissance",
    "geburtstag",
    "geburtsdatum",
    "aniversario",
    "datadenascimento",
    "تاريخالميلاد",
    "عيدالميلاد",
  ],
  balance: [
    "balance",
    "points",
    "stamps",
    "saldo",
    "puntos",
    "sellos",
    "solde",
    "tampons",
    "punkte",
    "stempel",
    "guthaben",
    "pontos",
    "selos",
    "الرصيد",
    "النقاط",
    "الطوابع",
  ],
  consent_email: [
    "consentemail",
    "emailconsent",
    "emailoptin",
    "optinemail",
    "marketingemail",
    "newsletter",
    "consentimientoemail",
    "consentementemail",
    "einwilligungemail",
    "consentimentoemail",
    "موافقةالبريد",
  ],
  consent_sms: [
    "consentsms",
    "smsconsent",
    "smsoptin",
    "optinsms",
    "marketingsms",
    "consentimientosms",
    "consentementsms",
    "einwilligungsms",
    "consentimentosms",
    "موافقةالرسائل",
  ],
  joined_at: [
    "joinedat",
    "joined",
    "joindate",
    "datejoined",
    "createdat",
    "created",
    "signupdate",
    "customersince",
    "fechadealta",
    "alta",
    "dateinscription",
    "inscription",
    "beitrittsdatum",
    "kundeseit",
    "datadeadesao",
    "cadastro",
    "تاريخالانضمام",
  ],
};

/** A header cell as compared: lower case, without accents, spaces or punctuation. */
export const headerKey = (cell: string) =>
  cell
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

const BY_WORD = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => WORDS[field].map((word) => [headerKey(word), field] as const)),
);

/** The mapping a header suggests: each field's first column whose name is one of its words. */
export function proposeMapping(header: readonly string[]): ImportMapping {
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, null])) as ImportMapping;
  header.forEach((cell, column) => {
    const field = BY_WORD.get(headerKey(cell));
    if (field && mapping[field] === null) mapping[field] = column;
  });
  return mapping;
}
