import { z } from 'zod';

/**
 * A menu entry as the contract names its fields: the capability groups and their capabilities
 * (`/api/v1/menu/`). NameI18N, CommentI18N and Extension are JSON text; MenuType 0 is the top
 * navigation or an algorithm API, 1 an SDK or another type, 2 a program or solution; Display 1
 * hides an entry; Status 1 entries are internal-only.
 */
export const menuEntry = z
  .object({
    Id: z.number(),
    ParentId: z.number(),
    Name: z.string(),
    NameI18N: z.string(),
    Comment: z.string(),
    CommentI18N: z.string(),
    Extension: z.string(),
    Url: z.string(),
    Endpoint: z.string(),
    MenuType: z.number(),
    Display: z.number(),
    Status: z.number(),
    get Children(): z.ZodArray<typeof menuEntry> {
      return z.array(menuEntry);
    },
  })
  .meta({ id: 'MenuEntry' }); // A named schema: the OpenAPI document refers to it from inside itself.
export type MenuEntry = z.infer<typeof menuEntry>;

/** The `data` of the menu answer: the tree, top-level entries (ParentId 0) with their children, under `data` again. */
export const menuAnswer = z.object({ data: z.array(menuEntry) });
export type MenuAnswer = z.infer<typeof menuAnswer>;
