// /paper/paper-detail?Id=…: an exam's questions, or the caller's submitted answer with its score.
import { PaperPage } from './components/paper-page';

const PaperDetailPage = () => <PaperPage examType="EXAM" />;

export default PaperDetailPage;
