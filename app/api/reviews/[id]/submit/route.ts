import { reviewStep } from "@/lib/http/review-step-operation";

export const dynamic = "force-dynamic";

export const POST = reviewStep("submit");
