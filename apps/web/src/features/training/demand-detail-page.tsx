// /user/demand-detail?Id=…: a survey's questions on the exam engine (examType DEMAND), or the answer given.
import { PaperPage } from './components/paper-page';

const DemandDetailPage = () => <PaperPage examType="DEMAND" />;

export default DemandDetailPage;
