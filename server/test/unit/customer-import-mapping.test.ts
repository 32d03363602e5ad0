import { proposeMapping } from "../../src/modules/customer-import/mapping";

describe("the import's proposed mapping", () => {
  it("maps English headers whatever their case and punctuation", () => {
    expect(
      proposeMapping([
        "Name",
        "E-mail",
        "Mobile",
        "Date of birth",
        "Points",
        "consent_email",
        "Consent SMS",
        "Joined at",
      ]),
    ).toEqual({
      name: 0,
      email: 1,
      phone: 2,
      birthday: 3,
      balance: 4,
      consent_email: 5,
      consent_sms: 6,
      joined_at: 7,
    });
  });

  it("maps the other languages' header words", () => {
    expect(proposeMapping(["Nombre", "Correo electrónico", "Teléfono", "Cumpleaños", "Sellos"])).toMatchObject({
      name: 0,
      email: 1,
      phone: 2,
      birthday: 3,
      balance: 4,
    });
    expect(proposeMapping(["Courriel", "Téléphone", "Date de naissance"])).toMatchObject({
      email: 0,
      phone: 1,
      birthday: 2,
    });
    expect(proposeMapping(["Geburtstag", "Handy", "Punkte"])).toMatchObject({ birthday: 0, phone: 1, balance: 2 });
    expect(proposeMapping(["Nome", "Telefone", "Pontos"])).toMatchObject({ name: 0, phone: 1, balance: 2 });
    expect(proposeMapping(["الاسم", "البريد الإلكتروني", "الهاتف"])).toMatchObject({ name: 0, email: 1, phone: 2 });
  });

  it("leaves fields the header does not name unmapped, and takes a field's first column", () => {
    expect(proposeMapping(["email", "notes", "Email"])).toEqual({
      name: null,
      email: 0,
      phone: null,
      birthday: null,
      balance: null,
      consent_email: null,
      consent_sms: null,
      joined_at: null,
    });
  });
});
