/** The platform's starting FAQ, inserted only into an empty faqs table (admins own it afterwards). */
export interface FaqSeed {
  questionAr: string;
  answerAr: string;
  questionEn: string;
  answerEn: string;
}

export const FAQS: FaqSeed[] = [
  {
    questionAr: 'كيف أعرض منشأتي أو حصة منها على صفقة؟',
    answerAr:
      'أنشئ حسابًا وفعّل بريدك الإلكتروني، ثم اختر «إضافة فرصة» وأكمل الخطوات الست: المعلومات الأساسية، والموقع، وتفاصيل التشغيل، والمعلومات المالية، والمستندات، وبيانات التواصل. يمكنك رفع ما يصل إلى خمس صور وخمسة مستندات لكل فرصة.',
    questionEn: 'How do I list my business, or a stake in it, on Safqa?',
    answerEn:
      'Create an account and verify your email, then choose "Add opportunity" and complete the six steps: basic information, location, operation details, financial information, documents and contact details. You can upload up to five images and five documents per opportunity.',
  },
  {
    questionAr: 'ماذا يحدث بعد إرسال الفرصة، وكم تستغرق المراجعة؟',
    answerAr:
      'تبدأ كل فرصة جديدة بحالة «قيد المراجعة» ويراجعها فريقنا خلال أيام عمل قليلة في الغالب. تُنشر الفرصة بعد اعتمادها، وإذا رُفضت يصلك سبب الرفض بالبريد الإلكتروني لتعدّلها وتعيد إرسالها. وتعود الفرصة المنشورة إلى المراجعة كلما عُدّلت.',
    questionEn: 'What happens after I submit an opportunity, and how long does the review take?',
    answerEn:
      'Every new opportunity starts as pending and is usually reviewed by our team within a few working days. It is published once approved; if it is rejected, you receive the reason by email so you can edit and resubmit it. A published opportunity goes back to review whenever it is edited.',
  },
  {
    questionAr: 'ماذا تعني شارة «موثّقة» على الفرصة؟',
    answerAr:
      'تعني الشارة أن فريقنا تحقق من السجل التجاري للمنشأة ومن هوية صاحب الإعلان. ولا تُعد ضمانًا للأرقام المالية، لذا راجع المستندات واستعن بمستشار قبل اتخاذ قرارك.',
    questionEn: 'What does the "Verified" badge on an opportunity mean?',
    answerEn:
      "The badge means our team has checked the business's commercial registration and the identity of the person who listed it. It is not a guarantee of the financial figures, so review the documents and consider consulting an advisor before you decide.",
  },
  {
    questionAr: 'كيف أقدّم عرضًا على فرصة؟',
    answerAr:
      'افتح صفحة الفرصة واملأ نموذج العرض (الاسم ورقم الجوال وأسباب اهتمامك ورسالة)، ثم أدخل بريدك الإلكتروني ليصلك رمز تحقق من أربعة أرقام صالح لمدة عشر دقائق. بعد تأكيد الرمز يصل عرضك إلى صاحب الفرصة ويُبلَّغ به عبر البريد الإلكتروني.',
    questionEn: 'How do I make an offer on an opportunity?',
    answerEn:
      'Open the opportunity, fill in the offer form (your name, mobile number, reasons for your interest and a message), then enter your email to receive a four-digit one-time code that is valid for ten minutes. Once you confirm the code, your offer reaches the owner, who is notified by email.',
  },
  {
    questionAr: 'لماذا يلزم تسجيل الدخول لعرض التفاصيل المالية؟',
    answerAr:
      'تُعرض الأرقام المالية مثل الأرباح قبل الفوائد والضرائب والإهلاك والاستهلاك (EBITDA) والمبيعات والتكاليف التشغيلية السنوية، إضافة إلى المستندات وبيانات التواصل، للمستخدمين المسجلين فقط حمايةً لمعلومات أصحاب المنشآت. والتسجيل مجاني ولا يستغرق سوى دقيقة.',
    questionEn: 'Why do I need to sign in to see the financial details?',
    answerEn:
      "Figures such as EBITDA, yearly sales and yearly operating costs, as well as documents and contact details, are shown only to registered users to protect business owners' sensitive information. Signing up is free and takes about a minute.",
  },
  {
    questionAr: 'هل توجد رسوم لاستخدام المنصة؟',
    answerAr:
      'التصفح وإنشاء الحساب وعرض الفرص وتقديم العروض مجانية حاليًا. وإذا أُضيفت خدمات مدفوعة مستقبلًا فسيُعلن عنها بوضوح قبل تطبيقها.',
    questionEn: 'Are there any fees for using the platform?',
    answerEn:
      'Browsing, creating an account, listing opportunities and making offers are currently free. If paid services are added in the future, they will be clearly announced before they apply.',
  },
  {
    questionAr: 'من هم المستشارون، وكيف أنضم إليهم؟',
    answerAr:
      'المستشارون خبراء مسجّلون في التقييم والتمويل والأنظمة وتشغيل المنشآت، يساعدون أصحاب الفرص والمستثمرين. عند التسجيل اختر خيار «مستشار» وأضف نبذة مختصرة عنك وسنوات خبرتك والقطاعات التي تتخصص فيها، لتظهر في قائمة المستشارين لفرص تلك القطاعات.',
    questionEn: 'Who are the advisors, and how do I become one?',
    answerEn:
      'Advisors are registered experts in valuation, finance, regulations and business operations who help owners and investors. When you register, choose the advisor option and add a short bio, your years of experience and the sectors you specialise in; you then appear in the advisors list of opportunities in those sectors.',
  },
  {
    questionAr: 'كيف أتواصل مع صاحب الفرصة؟',
    answerAr:
      'بعد تسجيل الدخول استخدم زر المحادثة في صفحة الفرصة لمراسلة صاحبها مباشرة، وتجد محادثاتك في ملفك الشخصي ضمن «المحادثات». ويمكنك أيضًا التواصل عبر واتساب إذا أضاف صاحب الفرصة رقم جواله.',
    questionEn: "How do I contact an opportunity's owner?",
    answerEn:
      'After signing in, use the chat button on the opportunity page to message the owner directly; your conversations are listed in your profile under Chats. You can also reach the owner on WhatsApp when they have provided a mobile number.',
  },
  {
    questionAr: 'ما الفرق بين فرص «استثمار» وفرص «بيع»؟',
    answerAr:
      'تعرض فرصة الاستثمار حصة من منشأة قائمة مقابل ضخ رأس مال فيها، أما فرصة البيع فتعرض المنشأة كاملة أو حصة مسيطرة فيها للبيع. وتظهر النسبة المعروضة والمبلغ المطلوب في كل إعلان.',
    questionEn: 'What is the difference between "Investment" and "For sale" opportunities?',
    answerEn:
      'An investment opportunity offers a stake in a running business in exchange for new capital, while a for-sale opportunity offers the whole business, or a controlling share of it, for sale. The offered percentage and the required amount are shown on every listing.',
  },
  {
    questionAr: 'كيف تُحمى بياناتي؟',
    answerAr:
      'تُحفظ كلمات المرور بتجزئة أحادية الاتجاه قوية، وتُشفَّر الاتصالات، ولا تُتاح المستندات إلا للمستخدمين المسجلين عبر روابط مؤقتة. لا نبيع بياناتك لأي جهة، ويمكنك طلب حذف حسابك في أي وقت من صفحة «تواصل معنا».',
    questionEn: 'How is my data protected?',
    answerEn:
      'Passwords are stored with strong one-way hashing, connections are encrypted, and documents are available to signed-in users only through temporary links. We never sell your data, and you can ask us to delete your account at any time from the Contact page.',
  },
  {
    questionAr: 'لم تصلني رسالة تفعيل البريد الإلكتروني، فماذا أفعل؟',
    answerAr:
      'تحقق أولًا من مجلد الرسائل غير المرغوب فيها، ثم اطلب إعادة إرسال رسالة التفعيل من صفحة التحقق من البريد الإلكتروني. رابط التفعيل صالح لمدة 24 ساعة من وقت إرساله.',
    questionEn: "I didn't receive the email verification message. What should I do?",
    answerEn:
      'First check your spam folder, then request a new verification email from the email verification page. The verification link is valid for 24 hours from the time it is sent.',
  },
];
