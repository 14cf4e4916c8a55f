// The results' charts, in their own chunk with @ant-design/plots (as the dashboard's): the score bands, and a
// question's answers over its options. Each is a picture with its figures in words for a screen reader; the tables
// beside them hold the same figures.
import { Bar, Column } from '@ant-design/plots';
import type { PaperResults, QuestionResult } from '@ess/contract/paper-authoring';
import { ct } from '../../texts';

const r = ct.paperResults;

export const ScoreBands = ({ bands }: { bands: PaperResults['distribution'] }) => {
  const data = bands.map((band) => ({ band: r.band(band.from, band.to), count: band.count }));
  return (
    <div
      role="img"
      aria-label={r.distributionSummary(data.map((row) => `${row.band} 分 ${r.people(row.count)}`).join('，'))}
      style={{ height: 220 }}
    >
      <Column data={data} xField="band" yField="count" height={220} />
    </div>
  );
};

/** One bar per option (or 对/错), the right ones in green. */
export const OptionSpread = ({ question }: { question: QuestionResult }) => {
  const data = question.judgeCounts
    ? [
        { option: r.judgeYes, count: question.judgeCounts.Y, kind: 'answer' },
        { option: r.judgeNo, count: question.judgeCounts.N, kind: 'answer' },
      ]
    : question.options.map((option) => ({
        option: option.content,
        count: option.count,
        kind: option.isCorrect ? 'right' : 'answer',
      }));
  return (
    <div
      role="img"
      aria-label={r.spreadSummary(data.map((row) => `${row.option} ${r.people(row.count)}`).join('，'))}
      style={{ height: Math.max(120, data.length * 36 + 40) }}
    >
      <Bar
        data={data}
        xField="option"
        yField="count"
        colorField="kind"
        scale={{ color: { domain: ['right', 'answer'], range: ['#237804', '#0b5ad9'] } }}
        legend={false}
        height={Math.max(120, data.length * 36 + 40)}
      />
    </div>
  );
};
