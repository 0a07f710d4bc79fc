import { Route, Switch } from 'wouter';
import { GroupPage } from '../features/groups/components/group-page';
import { GroupsCataloguePage } from '../features/groups/components/groups-catalogue-page';
import { NotFoundPage } from '../pages/not-found-page';

export function AppRoutes() {
  return (
    <Switch>
      {/* Temporary home: the public catalogue, until sign-in and the dashboard land. */}
      <Route path="/" component={GroupsCataloguePage} />
      <Route path="/group/:id">{(params) => <GroupPage id={params.id} />}</Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
