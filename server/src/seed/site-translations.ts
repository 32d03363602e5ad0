// The public site's seeded copy in the other locales (site-content.ts and plans.ts hold English,
// the fallback). Lists follow the English lists item by item.
import type { HomePageTexts, ReviewTexts } from "../../../contract/site";
import type { PlanTexts } from "../../../contract/plans";
import type { ContentTranslations } from "../i18n/localized-content";

export const HOME_PAGE_TRANSLATIONS: ContentTranslations<HomePageTexts> = {
  es: {
    hero_title: "Tarjetas de fidelidad que hacen volver a tus clientes",
    hero_text:
      "Da a cada cliente habitual una tarjeta de sellos digital en segundos. Pon un código QR en tu mostrador, premia las visitas repetidas y descubre quién vuelve, todo desde un solo panel. Sin apps que instalar ni tarjetas de papel que perder.",
    about_title: "Quiénes somos",
    about_text:
      "Creamos herramientas de fidelización para cafeterías, panaderías, peluquerías, barberías y tiendas independientes. Las grandes cadenas llevan años con apps de fidelidad; nuestro objetivo es dar a una sola tienda el mismo atractivo sin el coste, el hardware ni las complicaciones. Tus clientes escanean un código con el móvil que ya llevan y la tarjeta vive en su navegador o en su wallet.",
    about_points: [
      "Configuración en menos de diez minutos, sin hardware que comprar",
      "Funciona en cualquier móvil con cámara, sin que tus clientes descarguen ninguna app",
      "Los datos de tus clientes son tuyos, guardados de forma segura y nunca vendidos",
      "Soporte cercano de personas que también han llevado una tienda",
    ],
    how_title: "Cómo funciona",
    how_steps: [
      {
        title: "Crea tu negocio",
        text: "Regístrate, elige un plan y añade tu negocio con su logotipo y sus ubicaciones.",
      },
      {
        title: "Diseña tu recompensa",
        text: "Decide cuántos sellos dan una recompensa, por ejemplo diez cafés y el undécimo gratis.",
      },
      {
        title: "Imprime tu código QR",
        text: "Descarga el código de cada ubicación y colócalo junto a la caja, en las mesas o en los tiques.",
      },
      {
        title: "Tus clientes acumulan sellos",
        text: "Un escaneo añade la tarjeta a su móvil y un sello por visita; tu equipo canjea las recompensas con un toque.",
      },
    ],
    pricing_title: "Precios sencillos",
    pricing_text:
      "Un precio fijo al mes o al año, sin comisiones por cliente ni costes de alta. Cada negocio o ubicación adicional a tu plan cuesta un pago único de 5 $.",
    contact_title: "Contacto",
    contact_text:
      "¿Preguntas sobre el producto, una demostración para tu equipo o ayuda para empezar? Envíanos un mensaje y te responderemos en un día laborable.",
  },
  fr: {
    hero_title: "Des cartes de fidélité qui donnent envie à vos clients de revenir",
    hero_text:
      "Offrez en quelques secondes une carte à tampons numérique à chaque habitué. Posez un QR code sur votre comptoir, récompensez les visites répétées et voyez qui revient, le tout depuis un seul tableau de bord. Aucune application à installer, aucune carte papier à perdre.",
    about_title: "Qui sommes-nous",
    about_text:
      "Nous créons des outils de fidélité pour les cafés, boulangeries, salons de coiffure, barbiers et boutiques indépendants. Les grandes chaînes ont des applications de fidélité depuis des années ; notre but est de donner à une seule boutique le même attrait, sans le coût, le matériel ni les tracas. Vos clients scannent un code avec le téléphone qu’ils ont déjà en poche, et la carte vit dans leur navigateur ou leur portefeuille mobile.",
    about_points: [
      "Mise en place en moins de dix minutes, sans matériel à acheter",
      "Fonctionne sur tout téléphone équipé d’un appareil photo, sans application à télécharger pour vos clients",
      "Les données de vos clients restent les vôtres, stockées en sécurité et jamais vendues",
      "Une assistance attentive, par des gens qui ont eux-mêmes tenu une boutique",
    ],
    how_title: "Comment ça marche",
    how_steps: [
      {
        title: "Créez votre commerce",
        text: "Inscrivez-vous, choisissez une formule et ajoutez votre commerce avec son logo et ses adresses.",
      },
      {
        title: "Définissez votre récompense",
        text: "Choisissez combien de tampons donnent droit à une récompense, par exemple dix cafés et le onzième offert.",
      },
      {
        title: "Imprimez votre QR code",
        text: "Téléchargez le code de chaque adresse et placez-le près de la caisse, sur les tables ou sur les tickets.",
      },
      {
        title: "Vos clients collectent des tampons",
        text: "Un scan ajoute la carte à leur téléphone et un tampon à chaque visite ; votre équipe remet les récompenses d’un simple geste.",
      },
    ],
    pricing_title: "Des tarifs simples",
    pricing_text:
      "Un prix fixe au mois ou à l’année, sans frais par client ni frais d’installation. Chaque commerce ou adresse au-delà de votre formule coûte 5 $, une seule fois.",
    contact_title: "Contactez-nous",
    contact_text:
      "Des questions sur le produit, une démonstration pour votre équipe ou besoin d’aide pour démarrer ? Envoyez-nous un message, nous répondons sous un jour ouvré.",
  },
  de: {
    hero_title: "Treuekarten, für die Ihre Kunden immer wiederkommen",
    hero_text:
      "Geben Sie jedem Stammgast in Sekunden eine digitale Stempelkarte. Stellen Sie einen QR-Code auf Ihre Theke, belohnen Sie wiederholte Besuche und sehen Sie, wer wiederkommt – alles in einem Dashboard. Keine App zu installieren und keine Papierkarten, die verloren gehen.",
    about_title: "Über uns",
    about_text:
      "Wir entwickeln Treue-Werkzeuge für unabhängige Cafés, Bäckereien, Friseursalons, Barbershops und Läden. Große Ketten haben seit Jahren Treue-Apps; unser Ziel ist es, einem einzelnen Laden dieselbe Anziehungskraft zu geben – ohne die Kosten, die Hardware und den Aufwand. Ihre Kunden scannen einen Code mit dem Handy, das sie ohnehin dabeihaben, und die Karte liegt in ihrem Browser oder ihrer Wallet.",
    about_points: [
      "In weniger als zehn Minuten eingerichtet, keine Hardware nötig",
      "Funktioniert auf jedem Handy mit Kamera, Ihre Kunden laden keine App herunter",
      "Ihre Kundendaten bleiben Ihre, sicher gespeichert und niemals verkauft",
      "Freundlicher Support von Menschen, die selbst einen Laden geführt haben",
    ],
    how_title: "So funktioniert es",
    how_steps: [
      {
        title: "Legen Sie Ihr Unternehmen an",
        text: "Registrieren Sie sich, wählen Sie einen Tarif und fügen Sie Ihr Unternehmen mit Logo und Standorten hinzu.",
      },
      {
        title: "Gestalten Sie Ihre Prämie",
        text: "Legen Sie fest, wie viele Stempel eine Prämie bringen, zum Beispiel zehn Kaffees und der elfte gratis.",
      },
      {
        title: "Drucken Sie Ihren QR-Code",
        text: "Laden Sie den Code jedes Standorts herunter und platzieren Sie ihn an der Kasse, auf den Tischen oder auf Kassenbons.",
      },
      {
        title: "Kunden sammeln Stempel",
        text: "Ein Scan legt die Karte auf ihr Handy und bringt einen Stempel pro Besuch; Ihr Team löst Prämien mit einem Tippen ein.",
      },
    ],
    pricing_title: "Einfache Preise",
    pricing_text:
      "Ein fester Preis pro Monat oder Jahr, keine Gebühren pro Kunde und keine Einrichtungskosten. Jedes zusätzliche Unternehmen und jeder zusätzliche Standort über Ihren Tarif hinaus kostet einmalig 5 $.",
    contact_title: "Kontakt",
    contact_text:
      "Fragen zum Produkt, eine Demo für Ihr Team oder Hilfe beim Einstieg? Schreiben Sie uns, wir antworten innerhalb eines Werktags.",
  },
  "pt-BR": {
    hero_title: "Cartões fidelidade que fazem seus clientes voltarem sempre",
    hero_text:
      "Dê a cada cliente fiel um cartão de carimbos digital em segundos. Coloque um QR code no balcão, recompense as visitas repetidas e veja quem volta, tudo em um só painel. Sem aplicativo para instalar e sem cartões de papel para perder.",
    about_title: "Quem somos",
    about_text:
      "Criamos ferramentas de fidelidade para cafeterias, padarias, salões, barbearias e lojas independentes. As grandes redes têm aplicativos de fidelidade há anos; nosso objetivo é dar a uma única loja o mesmo poder de atração, sem o custo, o equipamento ou a dor de cabeça. Seus clientes escaneiam um código com o celular que já carregam, e o cartão fica no navegador ou na carteira digital deles.",
    about_points: [
      "Configuração em menos de dez minutos, sem equipamento para comprar",
      "Funciona em qualquer celular com câmera, sem aplicativo para seus clientes baixarem",
      "Os dados dos seus clientes continuam seus, guardados com segurança e nunca vendidos",
      "Suporte atencioso de pessoas que já tiveram uma loja",
    ],
    how_title: "Como funciona",
    how_steps: [
      {
        title: "Crie seu negócio",
        text: "Cadastre-se, escolha um plano e adicione seu negócio com logotipo e endereços.",
      },
      {
        title: "Defina sua recompensa",
        text: "Decida quantos carimbos valem uma recompensa, por exemplo dez cafés e o décimo primeiro grátis.",
      },
      {
        title: "Imprima seu QR code",
        text: "Baixe o código de cada endereço e coloque-o perto do caixa, nas mesas ou nos recibos.",
      },
      {
        title: "Clientes juntam carimbos",
        text: "Uma leitura adiciona o cartão ao celular e um carimbo por visita; sua equipe resgata as recompensas com um toque.",
      },
    ],
    pricing_title: "Preços simples",
    pricing_text:
      "Um preço fixo por mês ou por ano, sem taxa por cliente e sem custo de adesão. Cada negócio ou endereço extra além do seu plano custa uma taxa única de US$ 5.",
    contact_title: "Fale conosco",
    contact_text:
      "Dúvidas sobre o produto, uma demonstração para sua equipe ou ajuda para começar? Envie uma mensagem e responderemos em até um dia útil.",
  },
  ar: {
    hero_title: "بطاقات ولاء تجعل عملاءك يعودون إليك دائمًا",
    hero_text:
      "امنح كل عميل دائم بطاقة أختام رقمية في ثوانٍ. ضع رمز QR على طاولة الدفع، وكافئ الزيارات المتكررة، واعرف من يعود، وكل ذلك من لوحة تحكم واحدة. لا تطبيق للتثبيت ولا بطاقات ورقية تضيع.",
    about_title: "من نحن",
    about_text:
      "نطوّر أدوات الولاء للمقاهي والمخابز وصالونات التجميل والحلاقة والمتاجر المستقلة. تمتلك السلاسل الكبرى تطبيقات ولاء منذ سنوات، وهدفنا أن نمنح المتجر الواحد الجاذبية نفسها دون التكلفة أو الأجهزة أو العناء. يمسح عملاؤك رمزًا بالهاتف الذي يحملونه أصلًا، وتبقى البطاقة في متصفحهم أو محفظتهم.",
    about_points: [
      "إعداد في أقل من عشر دقائق، دون أجهزة تشتريها",
      "يعمل على أي هاتف مزوّد بكاميرا، دون أن يُنزّل عملاؤك أي تطبيق",
      "تبقى بيانات عملائك ملكًا لك، محفوظة بأمان ولا تُباع أبدًا",
      "دعم ودود من أشخاص أداروا متاجرهم بأنفسهم",
    ],
    how_title: "كيف يعمل",
    how_steps: [
      { title: "أنشئ نشاطك التجاري", text: "سجّل، واختر خطة، وأضف نشاطك التجاري بشعاره وفروعه." },
      {
        title: "صمّم مكافأتك",
        text: "حدّد عدد الأختام التي تمنح مكافأة، مثل عشرة أكواب قهوة والحادي عشر مجانًا.",
      },
      { title: "اطبع رمز QR", text: "نزّل رمز كل فرع وضعه بجانب الصندوق أو على الطاولات أو على الإيصالات." },
      {
        title: "يجمع العملاء الأختام",
        text: "يضيف المسح البطاقة إلى هواتفهم وختمًا مع كل زيارة، ويصرف فريقك المكافآت بلمسة واحدة.",
      },
    ],
    pricing_title: "أسعار بسيطة",
    pricing_text:
      "سعر ثابت شهريًا أو سنويًا، دون رسوم لكل عميل ودون تكاليف إعداد. كل نشاط تجاري أو فرع إضافي يتجاوز خطتك يكلّف رسمًا لمرة واحدة قدره 5 دولارات.",
    contact_title: "تواصل معنا",
    contact_text:
      "لديك أسئلة عن المنتج، أو تريد عرضًا توضيحيًا لفريقك، أو مساعدة في البدء؟ أرسل إلينا رسالة وسنرد خلال يوم عمل واحد.",
  },
};

/** By the English review's author: the business line and the review in each locale. */
export const REVIEW_TRANSLATIONS: Record<string, ContentTranslations<ReviewTexts>> = {
  "Maria Lopez": {
    es: {
      business: "Propietaria, Harbour Coffee",
      text: "Cambiamos las tarjetas de papel en una tarde. A los clientes habituales les encanta llevar la tarjeta en el móvil, y por fin sé cuántos vuelven cada semana.",
    },
    fr: {
      business: "Propriétaire, Harbour Coffee",
      text: "Nous avons remplacé nos cartes papier en un après-midi. Les habitués adorent avoir la carte sur leur téléphone, et je sais enfin combien d’entre eux reviennent chaque semaine.",
    },
    de: {
      business: "Inhaberin, Harbour Coffee",
      text: "Wir haben unsere Papierkarten an einem Nachmittag ersetzt. Stammgäste lieben es, die Karte auf dem Handy zu haben, und ich weiß endlich, wie viele jede Woche wiederkommen.",
    },
    "pt-BR": {
      business: "Proprietária, Harbour Coffee",
      text: "Trocamos os cartões de papel em uma tarde. Os clientes fiéis adoram ter o cartão no celular, e finalmente sei quantos deles voltam toda semana.",
    },
    ar: {
      business: "مالكة، Harbour Coffee",
      text: "استبدلنا بطاقاتنا الورقية في فترة ما بعد الظهر. يحب الزبائن الدائمون أن تكون البطاقة على هواتفهم، وأخيرًا صرت أعرف كم منهم يعود كل أسبوع.",
    },
  },
  "Daniel Okafor": {
    es: {
      business: "Barbero, Fade Street",
      text: "El código QR está junto al espejo y los clientes sellan su propia tarjeta mientras pagan. Configurar el corte gratis como recompensa llevó cinco minutos.",
    },
    fr: {
      business: "Barbier, Fade Street",
      text: "Le QR code est près du miroir et les clients tamponnent leur carte eux-mêmes en payant. Mettre en place la coupe offerte a pris cinq minutes.",
    },
    de: {
      business: "Barbier, Fade Street",
      text: "Der QR-Code hängt neben dem Spiegel, und die Kunden stempeln ihre Karte beim Bezahlen selbst. Den Gratis-Haarschnitt als Prämie einzurichten hat fünf Minuten gedauert.",
    },
    "pt-BR": {
      business: "Barbeiro, Fade Street",
      text: "O QR code fica ao lado do espelho e os clientes carimbam o próprio cartão enquanto pagam. Configurar o corte grátis como recompensa levou cinco minutos.",
    },
    ar: {
      business: "حلاق، Fade Street",
      text: "رمز QR بجانب المرآة، ويختم العملاء بطاقاتهم بأنفسهم أثناء الدفع. استغرق إعداد مكافأة الحلاقة المجانية خمس دقائق.",
    },
  },
  "Sophie Martin": {
    es: {
      business: "Gerente, Petit Four Bakery",
      text: "Nuestro equipo usa el escáner en sus móviles, así que no hubo nada que instalar en la caja. El informe mensual muestra exactamente qué recompensas funcionan.",
    },
    fr: {
      business: "Gérante, Petit Four Bakery",
      text: "Notre équipe utilise le scanner sur son téléphone, il n’y avait donc rien à installer à la caisse. Le rapport mensuel montre exactement quelles récompenses fonctionnent.",
    },
    de: {
      business: "Filialleiterin, Petit Four Bakery",
      text: "Unser Team nutzt den Scanner auf dem eigenen Handy, an der Kasse musste also nichts installiert werden. Der Monatsbericht zeigt genau, welche Prämien funktionieren.",
    },
    "pt-BR": {
      business: "Gerente, Petit Four Bakery",
      text: "Nossa equipe usa o leitor no próprio celular, então não houve nada para instalar no caixa. O relatório mensal mostra exatamente quais recompensas funcionam.",
    },
    ar: {
      business: "مديرة، Petit Four Bakery",
      text: "يستخدم فريقنا الماسح على هواتفهم، فلم يكن هناك ما يُثبَّت عند الصندوق. ويُظهر التقرير الشهري بالضبط أي المكافآت تنجح.",
    },
  },
};

/** By the plan's English name: its selling points in each locale (the names stay as they are). */
export const PLAN_TRANSLATIONS: Record<string, ContentTranslations<PlanTexts>> = {
  Starter: {
    es: {
      features: [
        "1 negocio y 1 ubicación",
        "Tarjetas de sellos digitales ilimitadas",
        "Códigos QR imprimibles para tu mostrador",
        "Recompensas por sellos y cupones",
        "Historial de escaneos y datos de clientes",
      ],
    },
    fr: {
      features: [
        "1 commerce et 1 adresse",
        "Cartes à tampons numériques illimitées",
        "QR codes imprimables pour votre comptoir",
        "Récompenses à tampons et coupons",
        "Historique des scans et connaissance client",
      ],
    },
    de: {
      features: [
        "1 Unternehmen und 1 Standort",
        "Unbegrenzte digitale Stempelkarten",
        "Druckbare QR-Codes für Ihre Theke",
        "Stempelprämien und Gutscheine",
        "Scan-Verlauf und Kundeneinblicke",
      ],
    },
    "pt-BR": {
      features: [
        "1 negócio e 1 endereço",
        "Cartões de carimbos digitais ilimitados",
        "QR codes para imprimir e deixar no balcão",
        "Recompensas por carimbos e cupons",
        "Histórico de leituras e informações sobre clientes",
      ],
    },
    ar: {
      features: [
        "نشاط تجاري واحد وفرع واحد",
        "بطاقات أختام رقمية بلا حدود",
        "رموز QR قابلة للطباعة لطاولة الدفع",
        "مكافآت الأختام والقسائم",
        "سجل المسح ورؤى عن العملاء",
      ],
    },
  },
  Growth: {
    es: {
      features: [
        "3 negocios y 5 ubicaciones",
        "Todo lo de Starter",
        "Cuentas de empleados con su propio escáner",
        "Mensajes para quienes tienen tu tarjeta",
        "Categorías de productos para las recompensas",
        "Integraciones: claves de API, webhooks y tu caja",
      ],
    },
    fr: {
      features: [
        "3 commerces et 5 adresses",
        "Tout ce qu’inclut Starter",
        "Comptes employés avec leur propre scanner",
        "Messages aux détenteurs de vos cartes",
        "Catégories de produits pour les récompenses",
        "Intégrations : clés d’API, webhooks et votre caisse",
      ],
    },
    de: {
      features: [
        "3 Unternehmen und 5 Standorte",
        "Alles aus Starter",
        "Mitarbeiterkonten mit eigenem Scanner",
        "Nachrichten an Ihre Karteninhaber",
        "Produktkategorien für Prämien",
        "Integrationen: API-Schlüssel, Webhooks und Ihre Kasse",
      ],
    },
    "pt-BR": {
      features: [
        "3 negócios e 5 endereços",
        "Tudo do Starter",
        "Contas de funcionários com leitor próprio",
        "Mensagens para quem tem seu cartão",
        "Categorias de produtos para recompensas",
        "Integrações: chaves de API, webhooks e seu caixa",
      ],
    },
    ar: {
      features: [
        "3 أنشطة تجارية و5 فروع",
        "كل ما في Starter",
        "حسابات للموظفين بماسح خاص بكل منهم",
        "رسائل إلى حاملي بطاقاتك",
        "فئات منتجات للمكافآت",
        "التكاملات: مفاتيح API وWebhooks ونظام نقاط البيع",
      ],
    },
  },
  "Business Annual": {
    es: {
      features: [
        "10 negocios y 25 ubicaciones",
        "Todo lo de Growth",
        "Dos meses gratis frente al pago mensual",
        "Soporte prioritario por correo electrónico",
      ],
    },
    fr: {
      features: [
        "10 commerces et 25 adresses",
        "Tout ce qu’inclut Growth",
        "Deux mois offerts par rapport au paiement mensuel",
        "Assistance prioritaire par e-mail",
      ],
    },
    de: {
      features: [
        "10 Unternehmen und 25 Standorte",
        "Alles aus Growth",
        "Zwei Monate gratis gegenüber monatlicher Zahlung",
        "Bevorzugter E-Mail-Support",
      ],
    },
    "pt-BR": {
      features: [
        "10 negócios e 25 endereços",
        "Tudo do Growth",
        "Dois meses grátis em relação ao plano mensal",
        "Suporte prioritário por e-mail",
      ],
    },
    ar: {
      features: [
        "10 أنشطة تجارية و25 فرعًا",
        "كل ما في Growth",
        "شهران مجانًا مقارنة بالدفع الشهري",
        "دعم ذو أولوية عبر البريد الإلكتروني",
      ],
    },
  },
};
