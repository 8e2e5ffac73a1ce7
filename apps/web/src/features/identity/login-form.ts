import { ZLoginBody } from "@cura/domain";
import { zodResolver } from "@hookform/resolvers/zod";

/** The sign-in form's validation, loaded apart from the page (lib/lazy-resolver.ts). */
export const loginResolver = zodResolver(ZLoginBody);
