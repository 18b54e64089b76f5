// One reason behind a zone's verdict, in words a person acts on, with the next step.
export interface Reason {
  code: string;
  message: string;
  nextStep?: string;
}
