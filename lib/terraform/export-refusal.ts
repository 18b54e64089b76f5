// Why a zone's entry point cannot be exported as it is: the path names the field, the reason what to do.

/** A rule the export cannot write as it is: the path names the field (`rules[2].action_parameters.version`). */
export class ExportRefusal extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = "ExportRefusal";
  }
}
