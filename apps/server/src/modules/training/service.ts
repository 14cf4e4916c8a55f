// What other modules may use of training: reading a video's length and layout from its file (the materials HR
// uploads are measured the same way as the study's videos).
export { isMovieHeaderFirst, readVideoSeconds } from './video-length';
