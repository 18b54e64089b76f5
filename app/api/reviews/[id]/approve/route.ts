import { reviewStep } from "@/lib/reviews/step-operation";

export const dynamic = "force-dynamic";

export const POST = reviewStep("approve");
