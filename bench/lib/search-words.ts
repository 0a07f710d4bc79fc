/**
 * The search bench's vocabulary and texts: real English and Arabic words, most common first, and
 * their inflected forms after them (rarer), so a few words fall in very many opinions and most in
 * few, as in real writing (word k drawn about 1/k as often as the first). Seeded: every run writes
 * the same texts.
 */

const ENGLISH_BASE = `the of and to a in is that for it as with be on not this are by at from have or an
they which you one we all were there can more has their if will would about so what when our who no
people also should city country public law new time year them some other only do its than like into
could may these most many how us any well way because over such even after right must make said
first work need good government service services school schools health water road roads tax taxes
money plan state local council community members member group vote votes voting support opinion
proposal change rules rule park parks library libraries hours open close street streets housing
price prices cost costs fund funds budget project projects children families family women men young
old students workers jobs job market business businesses transport bus buses train trains station
hospital hospitals doctors nurses care clinic education teachers university universities youth sport
sports culture museum art safety police fire crime court courts justice rights freedom election
elections candidate candidates leader leaders minister ministry office officials policy policies
program programs system systems energy power electricity solar wind climate weather air pollution
waste recycling clean green trees garden gardens land farm farms food farmers village villages town
towns district region national international world global peace security border trade import export
industry factory factories technology internet digital data online phone access free cheap high low
better worse best worst long short large small big little every each week month day night morning
evening weekend summer winter spring autumn hot cold rain snow desert sea river lake coast port
airport flight flights traffic car cars parking bicycle bike walk walking path bridge tunnel light
lights building buildings home homes house houses rent owners tenants neighbours neighbourhood centre
center area areas space spaces playground playgrounds pool swimming court fields stadium event events
festival festivals music theatre cinema books reading language languages arabic english history
heritage mosque mosques church churches religion faith prayer charity volunteers volunteer donation
donations help helping poor poverty income wages salary salaries pension pensions retirement elderly
disabled disability accessible access ramps signs noise quiet clean cleaning repairs repair maintenance
schedule timetable delay delays plan planning permit permits license licences fee fees fine fines
report reports review audit transparency accountability corruption trust vote counting ballot ballots
turnout delegate delegates delegation petition petitions debate debates discussion meeting meetings
agenda minutes decision decisions majority minority consensus compromise agreement disagreement
question questions answer answers idea ideas suggestion suggestions problem problems solution
solutions example examples reason reasons evidence study studies survey surveys result results
increase decrease reduce raise lower extend limit limits allow ban protect improve build repair
replace remove add expand open closed available needed important necessary possible impossible
difficult easy simple clear fair unfair equal safe dangerous healthy modern traditional private
shared common general special main central northern southern eastern western`;

const ARABIC_BASE = `في من على إلى أن هذا هذه التي الذي مع عن كان كل بين بعد قبل لا ما هو هي نحن هم
المدينة الدولة الحكومة الشعب الناس المجتمع المجلس القانون القوانين التصويت الصوت الأصوات الرأي
الآراء الاقتراح المشروع المشاريع الميزانية الضرائب الخدمات الصحة التعليم المدارس المدرسة الجامعة
الطلاب المعلمين الأطباء المستشفى المستشفيات العيادة الماء المياه الكهرباء الطاقة الشمسية الرياح
الطرق الطريق الشارع الشوارع النقل الحافلات القطار المحطة المطار السيارات المواقف الحدائق الحديقة
المكتبة المكتبات المسجد المساجد الصلاة الزكاة الصدقة الخير التطوع المتطوعين الأسرة الأسر الأطفال
الشباب النساء الرجال كبار السن العمال العمل الوظائف السوق التجارة الصناعة المصانع الزراعة المزارع
المزارعين الغذاء البيئة التلوث النفايات التدوير النظافة الأمن الشرطة العدل المحكمة الحقوق الحرية
الانتخابات المرشح المرشحين القائد الوزير الوزارة المسؤولين السياسة البرنامج النظام التقنية الإنترنت
الرقمية البيانات الهاتف مجاني رخيص مرتفع منخفض أفضل أسوأ كبير صغير يوم أسبوع شهر سنة الصيف الشتاء
الحر المطر الصحراء البحر الساحل الميناء الجسر النفق الإنارة المبنى المباني البيت البيوت السكن
الإيجار الملاك المستأجرين الحي الأحياء المركز الملعب الملاعب المسبح الرياضة الثقافة المتحف الفن
المهرجان الموسيقى المسرح الكتب القراءة اللغة العربية التاريخ التراث الفقراء الفقر الدخل الرواتب
التقاعد المعاشات ذوي الإعاقة المنحدرات الضوضاء الصيانة الإصلاح الجدول التأخير التخطيط التصاريح
الرسوم الغرامات التقرير المراجعة الشفافية المساءلة الفساد الثقة الفرز الاقتراع المشاركة المندوب
التفويض العريضة النقاش الاجتماع القرار الأغلبية الأقلية التوافق الاتفاق السؤال الجواب الفكرة
المشكلة الحل المثال السبب الدليل الدراسة النتيجة زيادة تقليل تحسين بناء حماية توسيع فتح إغلاق
ضروري مهم ممكن صعب سهل واضح عادل آمن خطير صحي حديث تقليدي خاص عام مشترك رئيسي`;

const words = (list: string) => [...new Set(list.split(/\s+/).filter(Boolean))];

/** Rarer inflections after every base word, so the vocabulary has thousands of words and prefixes that find several. */
function withForms(base: readonly string[], forms: ReadonlyArray<(word: string) => string>): string[] {
  const all = new Set(base);
  for (const form of forms) for (const word of base) all.add(form(word));
  return [...all];
}

export const ENGLISH_WORDS = withForms(words(ENGLISH_BASE), [(w) => `${w}s`, (w) => `${w}ed`, (w) => `${w}ing`, (w) => `${w}ly`, (w) => `${w}er`]);
const arabic = words(ARABIC_BASE);
const stem = (w: string) => w.replace(/^ال/, '');
export const ARABIC_WORDS = withForms(arabic, [(w) => `و${w}`, (w) => `ب${w}`, (w) => `${stem(w)}ات`, (w) => `ل${stem(w)}`]);

/** A word of `vocabulary` by rank, the k-th about 1/k as often as the first (log-uniform ranks). */
export function drawWord(vocabulary: readonly string[], random: () => number): string {
  const rank = Math.floor(Math.exp(random() * Math.log(vocabulary.length + 1))) - 1;
  return vocabulary[Math.min(vocabulary.length - 1, rank)]!;
}

/** A text of `min` to `max` words of one language. */
export function drawText(vocabulary: readonly string[], random: () => number, min: number, max: number): string {
  const length = min + Math.floor(random() * (max - min + 1));
  const out: string[] = new Array(length);
  for (let index = 0; index < length; index += 1) out[index] = drawWord(vocabulary, random);
  return out.join(' ');
}

/** The probability that a text of `length` words holds the word of this rank (1-based). */
export function shareOfTexts(vocabularySize: number, rank: number, length: number): number {
  const perWord = Math.log((rank + 1) / rank) / Math.log(vocabularySize + 1);
  return 1 - (1 - perWord) ** length;
}
