/** The languages Google's page translation offers (a long list); English is the source. */
export const SOURCE_LANGUAGE = "en";

const LIST =
  "af:Afrikaans|sq:Albanian|am:Amharic|ar:Arabic|hy:Armenian|as:Assamese|ay:Aymara|az:Azerbaijani|bm:Bambara|" +
  "eu:Basque|be:Belarusian|bn:Bengali|bho:Bhojpuri|bs:Bosnian|bg:Bulgarian|ca:Catalan|ceb:Cebuano|" +
  "zh-CN:Chinese (Simplified)|zh-TW:Chinese (Traditional)|co:Corsican|hr:Croatian|cs:Czech|da:Danish|dv:Dhivehi|" +
  "doi:Dogri|nl:Dutch|en:English|eo:Esperanto|et:Estonian|ee:Ewe|tl:Filipino|fi:Finnish|fr:French|fy:Frisian|" +
  "gl:Galician|ka:Georgian|de:German|el:Greek|gn:Guarani|gu:Gujarati|ht:Haitian Creole|ha:Hausa|haw:Hawaiian|" +
  "iw:Hebrew|hi:Hindi|hmn:Hmong|hu:Hungarian|is:Icelandic|ig:Igbo|ilo:Ilocano|id:Indonesian|ga:Irish|it:Italian|" +
  "ja:Japanese|jw:Javanese|kn:Kannada|kk:Kazakh|km:Khmer|rw:Kinyarwanda|gom:Konkani|ko:Korean|kri:Krio|" +
  "ku:Kurdish (Kurmanji)|ckb:Kurdish (Sorani)|ky:Kyrgyz|lo:Lao|la:Latin|lv:Latvian|ln:Lingala|lt:Lithuanian|" +
  "lg:Luganda|lb:Luxembourgish|mk:Macedonian|mai:Maithili|mg:Malagasy|ms:Malay|ml:Malayalam|mt:Maltese|mi:Maori|" +
  "mr:Marathi|mni-Mtei:Meiteilon (Manipuri)|lus:Mizo|mn:Mongolian|my:Myanmar (Burmese)|ne:Nepali|no:Norwegian|" +
  "ny:Nyanja (Chichewa)|or:Odia (Oriya)|om:Oromo|ps:Pashto|fa:Persian|pl:Polish|pt:Portuguese|pa:Punjabi|" +
  "qu:Quechua|ro:Romanian|ru:Russian|sm:Samoan|sa:Sanskrit|gd:Scots Gaelic|nso:Sepedi|sr:Serbian|st:Sesotho|" +
  "sn:Shona|sd:Sindhi|si:Sinhala|sk:Slovak|sl:Slovenian|so:Somali|es:Spanish|su:Sundanese|sw:Swahili|sv:Swedish|" +
  "tg:Tajik|ta:Tamil|tt:Tatar|te:Telugu|th:Thai|ti:Tigrinya|ts:Tsonga|tr:Turkish|tk:Turkmen|ak:Twi|uk:Ukrainian|" +
  "ur:Urdu|ug:Uyghur|uz:Uzbek|vi:Vietnamese|cy:Welsh|xh:Xhosa|yi:Yiddish|yo:Yoruba|zu:Zulu";

export const LANGUAGES: { code: string; name: string }[] = LIST.split("|").map((entry) => {
  const [code, name] = entry.split(":") as [string, string];
  return { code, name };
});

/**
 * The languages the widget offers: Google's, less the ones the product speaks itself
 * (contract/locales.ts: English, Spanish, French, German, Portuguese, Arabic).
 */
const OWN = new Set(["en", "es", "fr", "de", "pt", "ar"]);
export const MACHINE_LANGUAGES = LANGUAGES.filter((language) => !OWN.has(language.code));
