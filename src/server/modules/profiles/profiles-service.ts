import type { ProfileDocument } from '#shared/auth-schemas.ts';
import type { ProfileHub } from './profile-hub.ts';
import type { NewProfile, ProfileRepository } from './profile-repository.ts';

/**
 * The users/{uid} profile documents: the rules around the repository. Every change is published
 * to the hub, so every open tab of the owner sees it, on any server; nothing else writes
 * profiles.
 */
export function createProfileService({
  repository,
  hub,
}: {
  repository: ProfileRepository;
  hub: ProfileHub;
}) {
  return {
    find: (uid: string): Promise<ProfileDocument | undefined> => repository.find(uid),

    /** Creates the document unless it exists; says whether this call created it. */
    createIfMissing: (profile: NewProfile) => repository.createIfMissing(profile),

    /** Changes the display name and tells every watcher; undefined when there is no document. */
    async rename(uid: string, displayName: string): Promise<ProfileDocument | undefined> {
      const document = await repository.updateDisplayName(uid, displayName);
      if (document) await hub.publish(uid);
      return document;
    },

    /** Shows the account's new address (once it is confirmed) and tells every watcher. */
    async changeEmail(uid: string, email: string): Promise<ProfileDocument | undefined> {
      const document = await repository.updateEmail(uid, email);
      if (document) await hub.publish(uid);
      return document;
    },

    /** Deletes the document (the account is being deleted). */
    remove: (uid: string) => repository.remove(uid),

    /** Calls `listener` with every new version of users/{uid}; returns the unsubscribe. */
    watch: (uid: string, listener: (document: ProfileDocument) => void) => hub.watch(uid, listener),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
