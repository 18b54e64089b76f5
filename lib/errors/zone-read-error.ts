// A zone whose migration evidence could not be read, so what was asked of it cannot be made (its Terraform
// export): 502 with the reason the scan recorded (already scrubbed of secrets).
import { PreflightError } from "@/lib/errors/preflight-error";

export class ZoneReadError extends PreflightError {
  readonly httpStatus = 502;
  readonly kind = "zone_read_failed";
  override readonly upstreamFailure = true;

  constructor(reason: string) {
    super(`The zone could not be read, so it was not exported: ${reason}`);
    this.name = "ZoneReadError";
  }
}
