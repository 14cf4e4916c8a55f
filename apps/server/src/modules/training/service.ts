// What other modules may use of training: reading a video's length and layout from its file (the materials HR
// uploads are measured the same way as the study's videos), and the published papers with their results (the
// dashboard's latest exam, read as the papers' page reads it).
export { listAuthoredPapers, publishPaper, remindClosingTomorrow } from './authoring';
export { departmentFigures } from './results';
export { isMovieHeaderFirst, readVideoSeconds } from './video-length';
