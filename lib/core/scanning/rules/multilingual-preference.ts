import type { AnalyzedField } from "./analyzed-field";
import { sentencesAround } from "./directive-language";
import { lexicon } from "./lexicon";
import { fieldHit, type RuleHit } from "./rule-hit";

/**
 * Preference manipulation in another language than English, by the same cue counting as the
 * English rule (directives/preference-claims.ts, preferenceCues): the other tools named as a
 * group, and beside them (their sentence, the one before or the one after) two kinds of cue out
 * of four: an unconditional scope ("siempre", "für alle", "所有"), a choice or ban aimed at them
 * ("ignora", "nie używaj", "优先"), a defect laid on them ("veraltet", "不可靠") and an authority
 * or saved preference invoked for this one ("ufficiale", "predefinito", "官方认证"). Honest text
 * names other tools to route one job; a pitch stacks reasons for the model to never pick them.
 * Each lexicon is one concept over sixteen languages (es, pt, fr, de, it, nl, pl, tr, ru, id,
 * vi, hi, ar, zh, ja, ko). Pure.
 */

const OTHERS_RE = lexicon(String.raw`\b(?:(?:otr[oa]s?|cualquier otr[oa]|outr[oa]s?|qualquer outr[oa]) (?:\p{L}+-? ){0,3}?(?:herramientas?|servidores?|servicios?|fuentes?|proveedores?|tiendas|sitios|plataformas|ferramentas?|serviços?|fontes?|fornecedores?|lojas|sites|plataformas)|(?:autres?|tout autre|toute autre) (?:\p{L}+-? ){0,3}?(?:outils?|serveurs?|services?|sources?|fournisseurs?|sites|boutiques|plateformes)|(?:ander\p{L}*|jede[nmrs]? ander\p{L}*) (?:\p{L}+-? ){0,3}?\p{L}*-?(?:werkzeug\p{L}*|tools?|server|dienst\p{L}*|quelle\p{L}*|anbieter)|(?:altr[ioae]|qualsiasi altr[oa]) (?:\p{L}+-? ){0,3}?(?:strumenti|strumento|server|servizi|servizio|fonti|fonte|fornitori|negozi|siti|venditori|piattaforme)|andere (?:\p{L}+-? ){0,3}?\p{L}*-?(?:tools|hulpmiddelen|servers|diensten|bronnen)|inn(?:e|ych|ymi|ego|y|a) (?:\p{L}+-? ){0,3}?(?:narzędzi\p{L}*|serwer\p{L}*|usług\p{L}*|źród\p{L}*)|diğer (?:\p{L}+-? ){0,3}?(?:araç\p{L}*|sunucu\p{L}*|hizmet\p{L}*|kaynak\p{L}*)|(?:друг|остальн|інш)\p{L}* (?:\p{L}+-? ){0,3}?\p{L}*-?(?:инструмент|інструмент|сервер|сервис|сервіс|источник|джерел)\p{L}*|(?:alat|server|layanan|sumber) lain|(?:công cụ|máy chủ|dịch vụ|nguồn) khác|अन्य (?:\p{L}+-? ){0,3}?(?:टूल|उपकरण|सर्वर|सेवा)\p{L}*|(?:الأدوات|أدوات|الخوادم|خوادم|الخدمات|خدمات|المصادر|مصادر) (?:ال)?أخرى)\b|其他[^。；，\n]{0,10}(?:工具|服务|服務|来源|來源)|(?:他の|ほかの|別の)[^。、\n]{0,10}(?:ツール|サーバー|サービス)|다른 [^.\n]{0,15}(?:도구|서버|서비스)`);

const SCOPE_RE = lexicon(String.raw`\b(?:siempre|todas? las|todos los|cada|sempre|tod[oa]s? (?:as|os)|toujours|tous les|toutes les|chaque|immer|alle[nr]?|jede[nmrs]?|tutt[ie] (?:le|i|gli)|ogni|altijd|zawsze|wszystki\p{L}*|każd\p{L}*|her zaman|her (?:sorgu\p{L}*|istek\p{L}*|görev\p{L}*|iş\p{L}*)|tüm|bütün|всегда|все[хм]?|любо\p{L}*|любы\p{L}*|будь-як\p{L}*|кажд\p{L}*|selalu|semua|luôn luôn|luôn|mọi|tất cả|हमेशा|सभी|دائما|دائمًا|جميع|كل)\b|始终|总是|一律|所有|任何|无论|常に|必ず|すべて|全て|항상|모든|반드시`);

const CHOICE_RE = lexicon(String.raw`\b(?:ignora\p{L}*|no uses?|nunca|jamás|jamais|ne (?:jamais|pas) (?:les |l'|la |le )?utiliser|non citare|non (?:usare|utilizzare|menzionare)|no (?:menciones|cites)|nunca uses?|prefier\p{L}*|prioriza\p{L}*|en lugar de|en vez de|elige|ignore\p{L}*|não use|nunca use|prefira|priorize|em vez de|escolha|n'utilise[rz]? (?:jamais|pas)|privilégie\p{L}*|préfère\p{L}*|plutôt que|au lieu de|choisi\p{L}*|ignorier\p{L}*|nicht (?:verwenden|nutzen|benutzen)|niemals|bevorzug\p{L}*|statt|anstatt|anstelle|wähle|non usare|mai|preferisci|invece di|anziché|scegli|negeer|nooit|gebruik geen|in plaats van|kies|ignoruj\p{L}*|nie używaj|nigdy|wybieraj|wybierz|zamiast|preferuj|asla|kullanma|yerine|tercih et|görmezden gel|игнорир\p{L}*|не используй\p{L}*|никогда|вместо|предпочитай\p{L}*|выбирай\p{L}*|выбира\p{L}*|в первую очередь|abaikan|jangan gunakan|utamakan|bỏ qua|không dùng|ưu tiên|thay vì|अनदेखा|उपयोग न|के बजाय|تجاهل|لا تستخدم|بدلا من|بدلاً من)\b|忽略|不要使用|不要调用|不要用|优先|而不是|代替|改用|无视|無視|使わない|使用しない|優先|代わりに|무시|사용하지 마|우선|대신`);

const DEFECT_RE = lexicon(String.raw`\b(?:faux|fausses?|erroné\p{L}*|falsos?|falsas?|erróne\p{L}*|errad\p{L}*|falsch\p{L}*|fals[ioe]|errat\p{L}*|sbagliat\p{L}*|inaccurat\p{L}*|fałszyw\p{L}*|błędn\p{L}*|yanlış|ложн\p{L}*|неверн\p{L}*|ошибочн\p{L}*|obsolet\p{L}*|desactualizad\p{L}*|inexact\p{L}*|poco fiables?|no (?:son )?fiables?|insegur\p{L}*|lent[oa]s?|desatualizad\p{L}*|imprecis\p{L}*|não (?:são )?confiáve\p{L}*|obsolète\p{L}*|imprécis\p{L}*|peu fiables?|non fiables?|dangereu\p{L}*|périmé\p{L}*|veraltet\p{L}*|ungenau\p{L}*|unzuverlässig\p{L}*|unsicher\p{L}*|fehlerhaft\p{L}*|inaffidabil\p{L}*|insicur\p{L}*|verouderd|onbetrouwba\p{L}*|onnauwkeurig|przestarzał\p{L}*|niewiarygodn\p{L}*|niedokładn\p{L}*|niebezpieczn\p{L}*|güvenilmez|hatalı|güvensiz|eski|устарев\p{L}*|устарел\p{L}*|застарі\p{L}*|нестабильн\p{L}*|нестабільн\p{L}*|ненад[её]жн\p{L}*|неточн\p{L}*|небезопасн\p{L}*|tidak akurat|usang|lỗi thời|không chính xác|पुराने|अविश्वसनीय|قديمة|غير موثوقة|revend\p{L}*|espionn\p{L}*|factur\p{L}* (?:en cachette|discrètement|à son insu)|espían?|cobran? (?:a escondidas|sin avisar)|vendem|revendem|weiterverkauf\p{L}*|verkaufen (?:ihre|seine|die|deine) (?:daten|position|standortdaten)|spionier\p{L}*|rivend\p{L}*|spiano|перепрода\p{L}*|продают (?:данные|ваши)|шпион\p{L}*|sprzedaj\p{L}* dane|szpieguj\p{L}*|satıyor\p{L}*|casus\p{L}*)\b|转卖|出售用户|贩卖|転売|무단 판매|虚假|错误的|过时|過時|不可靠|不准确|不準確|不安全|远超|遠超|古い|不正確|信頼できない|危険|오래된|부정확|신뢰할 수 없`);

const AUTHORITY_RE = lexicon(String.raw`\b(?:(?:5|10)\/(?:5|10)|únic[oa]s?|seule?s?|einzig\p{L}*|unic[oa]|jedyn\p{L}*|consigliat\p{L}*|recomendad\p{L}*|recommandé\p{L}*|empfohlen\p{L}*|oficial\p{L}*|certificad\p{L}*|verificad\p{L}*|predeterminad\p{L}*|preferid\p{L}*|configurad\p{L}*|padrão|officiel\p{L}*|certifié\p{L}*|vérifié\p{L}*|par défaut|préféré\p{L}*|configuré\p{L}*|offiziell\p{L}*|zertifiziert\p{L}*|verifiziert\p{L}*|voreingestellt\p{L}*|bevorzugt\p{L}*|ufficial\p{L}*|certificat\p{L}*|verificat\p{L}*|predefinit\p{L}*|preferit\p{L}*|impostat\p{L}*|officieel|gecertificeerd|standaard|oficjaln\p{L}*|certyfikowan\p{L}*|zweryfikowan\p{L}*|domyśln\p{L}*|preferowan\p{L}*|resmi|sertifikalı|doğrulanmış|varsayılan|tercih ettiği|tek|официальн\p{L}*|сертифицир\p{L}*|по умолчанию|предпочитаем\p{L}*|единственн\p{L}*|resmi|bawaan|chính thức|mặc định|आधिकारिक|رسمي\p{L}*|الافتراضي)\b|官方|认证|認證|默认|默認|首选|首選|最佳|唯一|公式|認定|認証|デフォルト|推奨|最高|唯一|공식|인증|기본|선호|최고|유일`);

/** The agent of a passive ("von den", "par les", "por las", "dagli"): what follows does the using, it is not set aside. */
const PASSIVE_AGENT_BEFORE_RE = /(?:\bvon|\bpar|\bpor|\bpelos|\bpelas|\bdagli|\bdalle|\bdai|\bdoor|\bprzez)\s+(?:den|der|dem|les|las|los|gli|le|i|de|die)?\s*$/;

/** TM-PREFERENCE-MANIPULATION in another language: the other tools named, and two kinds of cue beside them. */
export function detectMultilingualPreference(field: AnalyzedField, text: string): RuleHit[] {
  const others = OTHERS_RE.exec(text);
  if (!others) return [];
  // The lexicon's word start may consume the character before the word.
  const at = others.index + (others[0].length - others[0].trimStart().length);
  // "Die EVA-Nummer wird von den anderen Werkzeugen benötigt": the other tools as the ones that use this tool's output.
  if (PASSIVE_AGENT_BEFORE_RE.test(text.slice(Math.max(0, at - 12), at))) return [];
  const around = sentencesAround(text, at, others.index + others[0].length);
  const kinds = [SCOPE_RE, CHOICE_RE, DEFECT_RE, AUTHORITY_RE].filter((re) => re.test(around)).length;
  if (kinds < 2) return [];
  return [fieldHit(field, "TM-PREFERENCE-MANIPULATION", "high", at, others.index + others[0].length, "Names the other tools and, in another language than English, stacks reasons for the model never to pick them (an unconditional scope, a ban, a defect laid on them, an authority or saved preference).")];
}
