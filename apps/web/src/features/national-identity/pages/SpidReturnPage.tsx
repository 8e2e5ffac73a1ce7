import { NationalIdentityReturnPage } from "./NationalIdentityReturnPage.tsx";

/** /login/spid: the return from SPID (spec 000 §2.1, §2.5). */
export default function SpidReturnPage() {
  return <NationalIdentityReturnPage provider="spid" />;
}
