//! A tournament at the door (`tengen::desk`) with no server in front: a
//! test of what the door and the core do runs their commands directly, as
//! the pages and the API would after reading a request, and reads back
//! what was stored.

use tengen::core::command::{Command, State};
use tengen::desk::{Caller, Desk, DeskError, Ran};
use tengen::store::Store;
use uuid::Uuid;

use super::{PASSWORD, fresh_database};

/// One tournament at its door, in a database of its own.
pub struct AtDesk {
    pub store: Store,
    pub desk: Desk,
    pub id: Uuid,
    /// The organiser who created it.
    pub owner: Caller,
}

impl AtDesk {
    /// `state` created at the door by a new organiser `owner`.
    pub async fn open(owner: &str, state: State) -> AtDesk {
        let store = Store::on(fresh_database().await);
        let account =
            tengen::desk::accounts::create_account(&store, owner, "", PASSWORD, false, true)
                .await
                .unwrap()
                .unwrap();
        let desk = Desk::new(store.clone(), None);
        let summary = serde_json::Value::Null;
        let row = desk
            .create(
                account.account_id,
                state,
                tengen::core::audit::Event::CreateTournament,
                summary,
            )
            .await
            .expect("the door takes the new tournament");
        AtDesk {
            store,
            desk,
            id: row.tournament_id,
            owner: Caller::Account(account),
        }
    }

    /// Runs `command` as the owner, on whatever version is stored.
    pub async fn run(&self, command: Command) -> Result<Ran, DeskError> {
        self.desk.run(&self.owner, self.id, None, command).await
    }

    /// The version and state the door holds.
    pub async fn state(&self) -> (i32, State) {
        self.desk.read(self.id).await.unwrap()
    }

    /// The version and state as stored, read by a door of its own that
    /// keeps no copy yet.
    pub async fn stored(&self) -> (i32, State) {
        Desk::new(self.store.clone(), None)
            .read(self.id)
            .await
            .unwrap()
    }
}
