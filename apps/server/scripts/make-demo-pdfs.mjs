// Writes the demo documents in Chinese: the employee handbook (apps/web/public/handbook.pdf, read before sign-in),
// the onboarding guide and the safety rules studied in the app (src/seed/media/). Run once; the files are
// committed, and an operator replaces them with the company's own. Needs the font named in cjk-pdf.mjs.
// Usage: node apps/server/scripts/make-demo-pdfs.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeCjkPdf } from './cjk-pdf.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const COMPANY = '华通汽车零部件有限公司';

const title = (text) => ({ text, size: 20, gap: 8, isCentered: true, color: '0.04 0.36 0.68' });
const subtitle = (text) => ({ text, size: 11, gap: 4, isCentered: true, color: '0.4 0.4 0.4' });
const heading = (text) => ({ text, size: 14, gap: 14, color: '0.04 0.36 0.68' });
const para = (text) => ({ text, size: 11, gap: 4 });
const item = (text) => ({ text, size: 11, gap: 2, indent: 14 });

const HANDBOOK = [
  [
    title('员工手册'),
    subtitle(`${COMPANY} · 2026 年版（演示版）`),
    heading('致新同事'),
    para(
      `欢迎加入${COMPANY}！本手册介绍公司的基本制度、您的权利与义务，以及员工自助系统的使用方法。请在首次登录系统前认真阅读，并在系统中勾选“已阅读员工手册”。`,
    ),
    heading('目录'),
    item('第一章　总则'),
    item('第二章　劳动纪律与考勤'),
    item('第三章　薪酬、餐费与住宿'),
    item('第四章　安全生产'),
    item('第五章　培训、考试与员工自助系统'),
    heading('第一章　总则'),
    para('1.1　本手册适用于公司各工厂（南通、如皋、合肥等）的全体正式员工、派遣员工与实习生。'),
    para('1.2　公司尊重每一位员工，禁止任何形式的歧视与骚扰。员工可通过“意见反馈”或人事部门反映问题。'),
    para('1.3　手册内容如有调整，以公司最新发布的版本为准，调整前会通过系统消息通知全体员工。'),
  ],
  [
    heading('第二章　劳动纪律与考勤'),
    para('2.1　工作时间：白班 08:00—17:00，中班 16:00—24:00，夜班 00:00—08:00，具体以班组排班为准。'),
    para('2.2　上下班须刷脸打卡。忘记打卡的，应在三个工作日内由班组长在考勤系统中补录。'),
    para('2.3　迟到、早退 30 分钟以内按迟到处理；超过 30 分钟按旷工半天处理。'),
    para('2.4　请假须提前一天在系统中提交申请，病假须附医院证明；婚假、产假、丧假按国家规定执行。'),
    para('2.5　员工可在“我的考勤”中查看最近三天的打卡记录，如有疑问请联系本部门考勤员。'),
    heading('加班'),
    para('加班须经部门主管批准。工作日加班按 1.5 倍、休息日按 2 倍、法定节假日按 3 倍计发加班工资。'),
    heading('着装与工牌'),
    para('进入厂区须佩戴工牌，车间内按岗位要求穿着工作服、安全鞋，长发须盘起并戴好工作帽。'),
  ],
  [
    heading('第三章　薪酬、餐费与住宿'),
    para('3.1　工资每月 15 日发放上月工资，遇节假日提前。工资条可在“我的工资”中查询上月及上上月的明细。'),
    para('3.2　工资由基本工资、加班工资、全勤奖、津贴、奖惩等组成，依法代扣社会保险、住房公积金和个人所得税。'),
    para('3.3　工资卡须为本人名下的银行卡，变更时在系统中上传银行卡照片，经人事审核后生效。'),
    para('3.4　食堂就餐刷工牌，餐费扣款明细可在“餐费扣款”中查看，公司按规定给予餐补。'),
    para(
      '3.5　住宿员工的水费、电费与住宿费每月结算，可在“住宿费用”中查看；系统数据与实际扣款如有差异，请咨询总务部门。',
    ),
    heading('福利'),
    item('· 五险一金、带薪年假、节日福利、年度体检；'),
    item('· 生日慰问、工会活动、子女助学金；'),
    item('· 内部推荐奖励：推荐的候选人入职满三个月，推荐人可获奖励。'),
  ],
  [
    heading('第四章　安全生产'),
    para('安全生产方针：安全第一、预防为主、综合治理。每位员工都是安全第一责任人。'),
    para('4.1　上岗前须参加三级安全教育并通过考试，特种作业人员须持证上岗。'),
    para('4.2　按岗位佩戴安全帽、安全鞋、防护手套和护目镜；设备运转时严禁伸手清理铁屑或调整工件。'),
    para('4.3　设备检修须执行“上锁挂牌”，检修完毕、确认人员撤离后方可解锁送电。'),
    para('4.4　发现安全隐患应立即停机并报告班组长；安全问题的整改情况可在“安全问题”中查看。'),
    para('4.5　熟悉本岗位的灭火器与安全出口位置。发生火情时，先报警、再疏散，不可乘坐电梯。'),
    heading('事故报告'),
    para('发生工伤或险情，应在 1 小时内报告班组长和安全员，保护现场，配合调查，不得隐瞒。'),
  ],
  [
    heading('第五章　培训、考试与员工自助系统'),
    para('5.1　公司通过员工自助系统发布学习资料、在线考试和问卷调查。请在规定时间内完成学习中心的视频和文档学习。'),
    para('5.2　视频学习以实际观看的时长计算，不能快进跳过；文档学习请点击“开始学习”与“结束学习”记录学习时间。'),
    para('5.3　在线考试每人只能提交一次，提交后可查看答卷和得分。问卷调查用于了解大家的培训需求，请如实填写。'),
    para('5.4　个人信息（学历、工作经历、职称技能证书、银行卡等）在系统中修改后，须经人事审核后生效。'),
    para('5.5　请妥善保管账号和密码，不要告诉他人。忘记密码时请联系人事部门重置。'),
    heading('联系我们'),
    item('人事部：内线 8001　　总务部：内线 8002'),
    item('安全环保部：内线 8003　　IT 服务台：内线 8004'),
    para('感谢您的阅读，祝您工作顺利！', 11),
  ],
];

const GUIDE = [
  [
    title('新员工入职指引'),
    subtitle(`${COMPANY} · 人力资源部`),
    heading('报到第一天'),
    item('08:00　到人力资源部（行政楼一楼）报到，携带身份证原件、银行卡和一寸照片两张。'),
    item('09:00　签订劳动合同，领取工牌、工作服、安全鞋和储物柜钥匙。'),
    item('10:00　参加公司介绍与三级安全教育（厂级），午餐在一号食堂，刷工牌就餐。'),
    item('13:30　由班组长带领参观车间，认识师傅和同事。'),
    item('16:00　在手机上登录员工自助系统，完善个人信息，上传考勤照片。'),
    heading('第一周'),
    para('跟随师傅学习本岗位的作业指导书和安全操作规程，完成学习中心里分配给您的视频和文档，并参加“安全知识考试”。'),
    para('请在系统中核对个人信息、学历和银行卡，信息有误会影响工资发放。修改后须经人事审核。'),
  ],
  [
    heading('常用服务'),
    item('· 我的考勤：查看最近三天的上下班打卡；'),
    item('· 我的工资：查询上月和上上月的工资明细；'),
    item('· 餐费扣款、住宿费用：查看每月的扣款；'),
    item('· 我的鞋柜：查看鞋柜位置，更新照片或远程开柜；'),
    item('· 学习中心、在线考试、问卷调查：完成培训任务；'),
    item('· 改善提案、整改学习：提出您的好想法。'),
    heading('试用期'),
    para('试用期一般为两个月。试用期内由部门主管和师傅共同考核，考核合格即可转正。'),
    heading('遇到问题怎么办'),
    para(
      '生活问题找总务部（内线 8002），考勤与工资问题找人力资源部（内线 8001），系统登录问题找 IT 服务台（内线 8004）。',
    ),
    para('本指引仅供公司内部员工阅读，请勿转发或截图外传。', 11),
  ],
];

const SAFETY_RULES = [
  [
    title('冲压车间安全操作规程'),
    subtitle('学习资料 · 安全环保部'),
    heading('一、作业前'),
    item('1. 穿戴好工作服、安全鞋、防护手套和护目镜，长发盘入工作帽。'),
    item('2. 检查设备的安全光幕、双手按钮和急停开关是否有效。'),
    item('3. 清理工作台，工具和工件按定置管理摆放。'),
    heading('二、作业中'),
    item('4. 严禁将手伸入模具区域；取放工件使用专用工具。'),
    item('5. 设备运转时不得离开岗位，不得与他人闲谈。'),
    item('6. 发现异响、异味或工件异常，立即按下急停并报告班组长。'),
    heading('三、作业后'),
    item('7. 关闭电源，清理铁屑和油污，填写设备点检表。'),
    item('8. 模具调整和设备检修必须执行上锁挂牌。'),
  ],
  [
    heading('四、应急处置'),
    para(
      '发生机械伤害时，立即按下急停，切断电源，拨打厂内急救电话 8120，同时报告班组长和安全员。不得擅自移动重伤人员。',
    ),
    para('发生火情时，使用就近的灭火器（检查压力表指针在绿区），沿疏散指示标志撤离到集合点。'),
    heading('学习要求'),
    para('本规程须在上岗前学习完毕，学习时间由系统记录。学完后请参加“安全知识考试”。'),
  ],
];

const write = (file, pdf) => {
  writeFileSync(file, pdf);
  console.log(`wrote ${file} (${pdf.length} bytes)`);
};
write(
  path.resolve(here, '../../web/public/handbook.pdf'),
  makeCjkPdf({ title: '员工手册', pages: HANDBOOK, footer: `${COMPANY} 员工手册` }),
);
write(
  path.resolve(here, '../src/seed/media/onboarding-guide.pdf'),
  makeCjkPdf({ title: '新员工入职指引', pages: GUIDE, footer: `${COMPANY} 新员工入职指引` }),
);
write(
  path.resolve(here, '../src/seed/media/safety-rules.pdf'),
  makeCjkPdf({ title: '冲压车间安全操作规程', pages: SAFETY_RULES, footer: `${COMPANY} 安全环保部` }),
);
