import type { RuleKey } from '@pixora/catalog';
import type { FastifyRequest } from 'fastify';

export type Language = 'zh' | 'zh_tw' | 'en';
type Text = Record<Language, string>;

/** Messages the console API shows to people, in the three languages. Validation texts are the product's own wording. */
export const messages = {
  emailRequired: { zh: '请输入邮箱', zh_tw: '請輸入郵箱', en: 'Please input email' },
  emailInvalid: { zh: '请输入正确的邮箱', zh_tw: '請輸入正確的郵箱', en: 'Please input correct email' },
  passwordRequired: { zh: '请输入密码', zh_tw: '請輸入密碼', en: 'Please input password' },
  passwordLength: { zh: '密码长度不正确', zh_tw: '密碼長度不正確', en: 'Password length is incorrect' },
  passwordRange: {
    zh: '请使用 6 到 16 位的密码。',
    zh_tw: '請使用 6 到 16 位的密碼。',
    en: 'Please use a password between 6 and 16 characters.',
  },
  passwordMismatch: {
    zh: '两次输入的密码不一致，请重新输入。',
    zh_tw: '兩次輸入的密碼不一致，請重新輸入。',
    en: 'Inconsistent passwords. Please enter again.',
  },
  codeRequired: { zh: '请输入验证码', zh_tw: '請輸入驗證碼', en: 'Please input verification code' },
  nameRequired: { zh: '请输入真实姓名', zh_tw: '請輸入真實姓名', en: 'Please enter your real name' },
  nameCharacters: {
    zh: '检测到特殊字符，仅支持数字、字母、汉字和下划线。',
    zh_tw: '偵測到特殊字元，僅支援數字、字母、漢字和底線。',
    en: 'Special characters detected. Only numbers, letters, Chinese characters and underlines are supported.',
  },
  companyRequired: { zh: '请输入公司名称', zh_tw: '請輸入公司名稱', en: 'Please enter the company name' },
  companyMin: { zh: '不少于 3 个字符。', zh_tw: '不少於 3 個字元。', en: 'No less than 3 characters.' },
  companyMax: { zh: '最多 30 个字符', zh_tw: '最多 30 個字元', en: '30 characters max' },
  nameMax: { zh: '最多 30 个字符', zh_tw: '最多 30 個字元', en: '30 characters max' },
  industryRequired: { zh: '请输入所属行业', zh_tw: '請輸入所屬行業', en: 'Please enter the industry' },
  industryMax: { zh: '最多 20 个字符', zh_tw: '最多 20 個字元', en: '20 characters max' },
  companySizeRequired: {
    zh: '请选择公司规模',
    zh_tw: '請選擇公司規模',
    en: 'Please select the company size',
  },
  phoneRequired: { zh: '请输入手机号码。', zh_tw: '請輸入手機號碼。', en: 'Please enter a phone number.' },
  phoneInvalid: {
    zh: '请输入有效的手机号码。',
    zh_tw: '請輸入有效的手機號碼。',
    en: 'Please enter a valid phone number.',
  },
  agreementRequired: {
    zh: '请阅读并同意用户协议和隐私政策',
    zh_tw: '請閱讀並同意用戶協議和隱私政策',
    en: 'Please read and agree to the User Agreement and Privacy Policy',
  },
  captchaWrong: {
    zh: '图形验证码错误或已过期',
    zh_tw: '圖形驗證碼錯誤或已過期',
    en: 'The verification code is wrong or has expired',
  },
  credentialsWrong: { zh: '邮箱或密码错误', zh_tw: '郵箱或密碼錯誤', en: 'Incorrect email or password' },
  tooFrequent: { zh: '操作过于频繁。', zh_tw: '操作過於頻繁。', en: 'Operation too frequent.' },
  tooLarge: {
    zh: '文件或请求超过大小上限。',
    zh_tw: '檔案或請求超過大小上限。',
    en: 'The file or request is over the size limit.',
  },
  secretRotationPending: {
    zh: '请先吊销旧密钥，再轮换新密钥。',
    zh_tw: '請先撤銷舊密鑰，再輪替新密鑰。',
    en: 'Revoke the previous secret before rotating again.',
  },
  codeSent: {
    zh: '验证码已发送，请注意查收短信。',
    zh_tw: '驗證碼已發送，請注意查收簡訊。',
    en: 'Verification code sent. Please notice your messages.',
  },
  mailSent: {
    zh: '邮件已发送，请通过邮件中的链接继续操作。',
    zh_tw: '郵件已發送，請透過郵件中的連結繼續操作。',
    en: 'E-mail sent. Please continue from the link in the e-mail.',
  },
  codeSentOutbox: {
    zh: '验证码已发送。本机未配置短信网关，短信在本地发件箱（/outbox）中。',
    zh_tw: '驗證碼已發送。本機未設定簡訊閘道，簡訊在本機寄件匣（/outbox）中。',
    en: 'Verification code sent. No SMS gateway is set up here: the message is in the local outbox (/outbox).',
  },
  registerSuccess: { zh: '注册成功', zh_tw: '註冊成功', en: 'Register successful' },
  loginSuccess: { zh: '登录成功', zh_tw: '登入成功', en: 'Login successful' },
  passwordChanged: {
    zh: '密码已修改，请使用新密码登录。',
    zh_tw: '密碼已修改，請使用新密碼登入。',
    en: 'Password changed. Please log in with your new password.',
  },
  linkInvalid: {
    zh: '链接无效或已过期，请重新操作。',
    zh_tw: '連結無效或已過期，請重新操作。',
    en: 'This link is invalid or has expired. Please start again.',
  },
  phoneCodeWrong: {
    zh: '短信验证码错误或已过期',
    zh_tw: '簡訊驗證碼錯誤或已過期',
    en: 'The SMS verification code is wrong or has expired',
  },
  sessionExpired: {
    zh: '登录信息已过期，请重新登录',
    zh_tw: '登入資訊已過期，請重新登入',
    en: 'login information expired, please log in again',
  },
  forbidden: {
    zh: '没有权限执行此操作',
    zh_tw: '沒有權限執行此操作',
    en: 'You do not have permission to do this',
  },
  oauthFailed: { zh: '第三方登录失败', zh_tw: '第三方登入失敗', en: 'Third-party login failed' },
  saved: { zh: '保存成功', zh_tw: '儲存成功', en: 'Saved' },
  titleRequired: { zh: '请输入标题', zh_tw: '請輸入標題', en: 'Please enter a title' },
  feedbackThanks: { zh: '感谢您的反馈！', zh_tw: '感謝您的回饋！', en: 'Thank you for your feedback!' },
  ok: { zh: '成功', zh_tw: '成功', en: 'Success' },
  surveyThanks: {
    zh: '感谢您的评价，我们会认真阅读每一条意见！',
    zh_tw: '感謝您的評價，我們會認真閱讀每一則意見！',
    en: 'Thank you for rating us: we read every comment!',
  },
  materialFileKind: {
    zh: '文件类型不符：贴纸须为带透明通道的 PNG，其他素材须为 JPEG、PNG 或 WebP 图片（按文件内容判断，不看扩展名）。',
    zh_tw:
      '檔案類型不符：貼紙須為帶透明通道的 PNG，其他素材須為 JPEG、PNG 或 WebP 圖片（依檔案內容判斷，不看副檔名）。',
    en: 'Wrong file type: a sticker must be a PNG with an alpha channel, other materials a JPEG, PNG or WebP picture (read from the file itself, not its name).',
  },
  materialCubeInvalid: {
    zh: '滤镜风格须为 .cube 三维查找表（LUT_3D_SIZE 为 2 至 65，数据行数为其立方，每行三个 0 至 1 的数值）：此文件不符合。',
    zh_tw:
      '濾鏡風格須為 .cube 三維查找表（LUT_3D_SIZE 為 2 至 65，資料行數為其立方，每行三個 0 至 1 的數值）：此檔案不符合。',
    en: 'A filter look must be a .cube 3D lookup table (LUT_3D_SIZE 2 to 65, that size cubed data lines of three values from 0 to 1): this file is not.',
  },
  materialSizeInvalid: {
    zh: '证件照尺寸须为 JSON 文件 {"width": 宽, "height": 高}：宽 100–1200、高 100–1600 像素的整数，宽高比（宽/高）在 0.5–1 之间；可选 "head_ratio"（头高占照片高度）0.6–0.8 与 "eye_line"（眼线距顶部占高度）0.3–0.5，各为 {"min", "max"} 且 min 小于 max。',
    zh_tw:
      '證件照尺寸須為 JSON 檔案 {"width": 寬, "height": 高}：寬 100–1200、高 100–1600 像素的整數，寬高比（寬/高）介於 0.5–1；可選 "head_ratio"（頭高佔照片高度）0.6–0.8 與 "eye_line"（眼線距頂部佔高度）0.3–0.5，各為 {"min", "max"} 且 min 小於 max。',
    en: 'An ID-photo size must be a JSON file {"width": w, "height": h}: whole pixels, width 100-1200, height 100-1600, width / height from 0.5 to 1; optional "head_ratio" (head height over the photo’s height) 0.6-0.8 and "eye_line" (eye line from the top over the height) 0.3-0.5, each {"min", "max"} with min below max.',
  },
  materialMakeupInvalid: {
    zh: '妆容须为 JSON 文件，包含 lipstick（口红）、blush（腮红）、eyebrow（眉毛）、eyeliner（眼线）、eyeshadow（眼影）五个部位，每个部位为 {"color": "#rrggbb", "strength": 0 至 100}，不含其他字段：此文件不符合。',
    zh_tw:
      '妝容須為 JSON 檔案，包含 lipstick（口紅）、blush（腮紅）、eyebrow（眉毛）、eyeliner（眼線）、eyeshadow（眼影）五個部位，每個部位為 {"color": "#rrggbb", "strength": 0 至 100}，不含其他欄位：此檔案不符合。',
    en: 'A makeup look must be a JSON file with the five parts lipstick, blush, eyebrow, eyeliner and eyeshadow, each {"color": "#rrggbb", "strength": 0 to 100}, and nothing else: this file is not.',
  },
  materialTooLarge: {
    zh: '文件过大：素材文件最大 5 MB。',
    zh_tw: '檔案過大：素材檔案最大 5 MB。',
    en: 'File too large: a material file is at most 5 MB.',
  },
  materialTooManyPixels: {
    zh: '图片尺寸过大：每边最多 4096 像素，总计最多 1600 万像素。',
    zh_tw: '圖片尺寸過大：每邊最多 4096 像素，總計最多 1600 萬像素。',
    en: 'Picture too large: at most 4096 pixels a side and 16 million pixels in all.',
  },
  docBrokenLinks: {
    zh: '文档链接了不存在的文档编号，请先修正链接再发布。',
    zh_tw: '文件連結了不存在的文件編號，請先修正連結再發布。',
    en: 'The page links to doc ids that do not exist: fix the links before publishing.',
  },
  contentShapeChanged: {
    zh: '内容结构与当前版本不同：只能修改文字，不能增删字段。',
    zh_tw: '內容結構與目前版本不同：只能修改文字，不能增刪欄位。',
    en: 'The content does not have the shape of the current version: change texts only, not fields.',
  },
  contentFactLocked: {
    zh: '实测与自动生成的数据（如关键点数量、速度）不能手动修改。',
    zh_tw: '實測與自動產生的數據（如關鍵點數量、速度）不能手動修改。',
    en: 'Measured and derived figures (such as key point counts and speeds) cannot be edited by hand.',
  },
} satisfies Record<string, Text> & Record<RuleKey, Text>;

export type MessageKey = keyof typeof messages;

/** The visitor's language: `lang`/`language` query, then the `language` cookie, then Accept-Language, else zh. */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const forced = query?.lang ?? query?.language;
  const pick = (v: unknown): Language | undefined =>
    v === 'en' || v === 'zh_tw' || v === 'zh' ? v : undefined;
  if (typeof forced === 'string') return pick(forced) ?? 'zh';
  const cookie = pick(request.cookies?.language);
  if (cookie) return cookie;
  const accept = String(request.headers['accept-language'] ?? '').toLowerCase();
  if (accept.startsWith('en')) return 'en';
  if (/^zh-(tw|hk|mo|hant)/.test(accept)) return 'zh_tw';
  return 'zh';
}

export function translate(key: MessageKey, language: Language): string {
  return messages[key][language];
}
