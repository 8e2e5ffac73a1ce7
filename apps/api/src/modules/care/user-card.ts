// Public surface of identity: GET users/{id} asks its read rules who else may read a person's card.
import { addUserReadRule } from "../identity/index.ts";
import { personVisibleTo } from "./people.ts";

/**
 * An operator of the person's company and an enabled caregiver read the person's card (name,
 * picture, contacts) through GET users/{id}; the same rule as the person's care data. Added once,
 * when the module is loaded.
 */
addUserReadRule((ctx, principal, userId) => personVisibleTo(ctx.db, principal, userId));
