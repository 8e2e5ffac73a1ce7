import { NationalIdentityReturnPage } from "./NationalIdentityReturnPage.tsx";

/** /login/cie: the return from CIE (spec 000 §2.1, §2.5). */
export default function CieReturnPage() {
  return <NationalIdentityReturnPage provider="cie" />;
}
